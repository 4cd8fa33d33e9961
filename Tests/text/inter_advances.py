"""Prints Inter's metrics and the advances of a few strings, read with fontTools (independent of the
playground's HarfBuzz measurer), for the expected values of Tests/TextShapingTests.

    python3 Tests/text/inter_advances.py [text ...]
"""
import sys

from fontTools.ttLib import TTFont

DIRECTORY = "/usr/share/fonts/opentype/inter"


def main(texts):
    for weight in ("Regular", "SemiBold"):
        font = TTFont(f"{DIRECTORY}/Inter-{weight}.otf")
        hhea = font["hhea"]
        print(f"{weight}: unitsPerEm {font['head'].unitsPerEm}, ascender {hhea.ascent}, "
              f"descender {hhea.descent}, lineGap {hhea.lineGap}")
        cmap, hmtx = font.getBestCmap(), font["hmtx"]
        for text in texts:
            advances = [hmtx[cmap[ord(c)]][0] for c in text]
            print(f"  {text!r}: {advances} = {sum(advances)} units")


if __name__ == "__main__":
    main(sys.argv[1:] or ["Hello", "Hello ", "world", "Hello world"])
