#ifndef CHARFBUZZ_SHIM_H
#define CHARFBUZZ_SHIM_H
/*
 * HarfBuzz 6.0 (Debian's libharfbuzz-dev) and FreeType 2.12 (libfreetype-dev) for the text measurer:
 * FreeType loads the font files and gives their metrics, HarfBuzz shapes on those faces (hb-ft.h).
 * One module for both: hb-ft.h includes FreeType's headers, and two modules including them would give
 * Swift two different FT_Face types.
 * FT_FREETYPE_H is a macro naming the header, which a module map cannot name itself.
 */
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>

#endif
