"""A layout regression test of one screen (sign_in_screen.py) on every device preset.

The device table is docs/PROTOCOL.md's (`device`): size W × H, safe area (top, left, bottom, right).
Each row's frames are the formulas of sign_in_screen.py worked by hand:

iphone-se          320 × 568,  (20, 0, 0, 0):   width 320 − 32 = 288; button y 568 − 70 = 498;
                   content y 20 + 68 = 88, height (568 − 78) − 88 = 402
iphone-8           375 × 667,  (20, 0, 0, 0):   width 343; button y 597; content 88, (667 − 78) − 88 = 501
iphone-x           375 × 812,  (44, 0, 34, 0):  header y 60; button y 812 − 34 − 70 = 708;
                   content y 112, height (812 − 34 − 78) − 112 = 588
iphone-15-pro-max  430 × 932,  (59, 0, 34, 0):  width 398; header y 75; button y 828;
                   content y 127, height (932 − 112) − 127 = 693
ipad               820 × 1180, (24, 0, 20, 0):  width 788; header y 40; button y 1090;
                   content y 92, height (1180 − 98) − 92 = 990
iphone-x landscape 812 × 375,  (0, 44, 21, 44): x 60, width 812 − 88 − 32 = 692; header y 16;
                   button y 375 − 21 − 70 = 284; content y 68, height (375 − 99) − 68 = 208
"""
import pytest

from sign_in_screen import SIGN_IN

EXPECTED = {
    ("iphone-se", "portrait"): {"header": [16, 36, 288, 44], "content": [16, 88, 288, 402],
                                "button": [16, 498, 288, 50]},
    ("iphone-8", "portrait"): {"header": [16, 36, 343, 44], "content": [16, 88, 343, 501],
                               "button": [16, 597, 343, 50]},
    ("iphone-x", "portrait"): {"header": [16, 60, 343, 44], "content": [16, 112, 343, 588],
                               "button": [16, 708, 343, 50]},
    ("iphone-15-pro-max", "portrait"): {"header": [16, 75, 398, 44], "content": [16, 127, 398, 693],
                                        "button": [16, 828, 398, 50]},
    ("ipad", "portrait"): {"header": [16, 40, 788, 44], "content": [16, 92, 788, 990],
                           "button": [16, 1090, 788, 50]},
    ("iphone-x", "landscape"): {"header": [60, 16, 692, 44], "content": [60, 68, 692, 208],
                                "button": [60, 284, 692, 50]},
}


def test_every_preset_is_covered(playground):
    """A new preset in the server fails here until it has a row above."""
    assert set(playground.hello["devices"]) == {device for device, _ in EXPECTED}


@pytest.mark.parametrize("device, orientation", sorted(EXPECTED))
def test_sign_in_screen(playground, device, orientation):
    playground.load(scene=SIGN_IN)
    answer = playground.request({"type": "device", "name": device, "orientation": orientation, "duration": 0})
    assert answer.conflicts == []
    for view, rect in EXPECTED[(device, orientation)].items():
        playground.assert_frame(view, rect)
