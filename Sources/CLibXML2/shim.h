#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H
/*
 * libxml2 from Debian (libxml2-dev) for the Interface Builder importer's XML reader
 * (Sources/Playground/Import/IBXMLReader.swift), which uses its SAX2 push parser directly: attributes
 * arrive as arrays of C strings, with no dictionary built per element.
 */
#include <libxml/xmlversion.h>
/* libxml2's headers would include the system ICU's, which clash with the ICU Foundation carries.
 * Only the encoding handler's private fields depend on it; the reader never touches that struct. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>

#endif
