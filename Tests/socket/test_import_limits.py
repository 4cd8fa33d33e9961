"""The Interface Builder import limits are set by flags, announced in hello.limits and enforced."""
import pytest

from conftest import Client, Server, run

XIB = """<?xml version="1.0" encoding="UTF-8"?>
<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
<objects>{body}<view contentMode="scaleToFill" id="root-1"><rect key="frame" x="0" y="0" width="320" height="100"/></view></objects>
</document>"""


@pytest.fixture(scope="module")
def limited_server(public_args):
    running = Server([*public_args[0], "--max-import-bytes", "4096", "--max-import-elements", "40"])
    yield running
    assert running.stop() == 0, running.log_text()


def test_import_limit_flags_are_announced_and_enforced(limited_server):
    async def body():
        client = await Client.connect(limited_server)
        hello = await client.hello()
        assert hello["limits"]["maxImportBytes"] == 4096
        assert hello["limits"]["maxImportElements"] == 40
        # 50 empty elements in 4 KB: over the element limit, under the byte limit.
        many = XIB.format(body="<p/>" * 50)
        assert len(many.encode()) < 4096
        answer = (await client.request({"type": "import", "format": "xib", "document": many}))[-1]
        assert answer["code"] == "too-many-elements", answer
        # 5,000 bytes of padding: over the byte limit.
        large = XIB.format(body=" " * 5000)
        answer = (await client.request({"type": "import", "format": "xib", "document": large}))[-1]
        assert answer["code"] == "too-large", answer
        # The session goes on.
        assert (await client.request({"type": "load", "name": "search-bar"}))[-1]["type"] == "scene"
        await client.close()

    run(body())
