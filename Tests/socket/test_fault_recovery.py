"""A solver fault in one session costs that session one turn, never the server or another session.

The server runs with --plant-faults, so `{"type":"plantFault"}` makes the session's next solver call fail
as a solver defect would (docs/PROTOCOL.md, "Internal errors").
"""
import asyncio

import pytest

from conftest import Client, Server, run


@pytest.fixture(scope="module")
def fault_server(public_args):
    running = Server([*public_args[0], "--plant-faults", "--rate", "0"])
    yield running
    assert running.stop() == 0, running.log_text()


def test_a_planted_fault_is_answered_internal_while_another_session_keeps_streaming(fault_server):
    async def body():
        presenter = await Client.connect(fault_server)
        victim = await Client.connect(fault_server)
        await presenter.hello()
        await victim.hello()
        await presenter.request({"type": "load", "name": "search-bar"})
        await victim.request({"type": "load", "name": "search-bar"})
        # A one-second animation on the real-time clock: navTop 0 → −62 (about 60 frames).
        await presenter.send({"type": "animate", "duration": 1.0, "id": "anim",
                              "ops": [{"type": "set", "constraint": "navTop", "constant": -62},
                                      {"type": "layoutIfNeeded"}]})
        first = await presenter.receive()
        assert first["type"] in ("ok", "frames"), first

        await victim.request({"type": "plantFault"})
        answer = (await victim.request({"type": "set", "constraint": "navTop", "constant": -20}))[-1]
        assert answer["type"] == "error" and answer["code"] == "internal", answer

        # The presenter keeps streaming to the end of its animation, after the victim's fault.
        frames_after, ended = 0, None
        while ended is None:
            message = await presenter.receive(timeout=3.0)
            if message["type"] == "frames":
                frames_after += 1
                last = message
            elif message["type"] == "animationEnd":
                ended = message
        assert ended["finished"] is True
        assert frames_after >= 1
        assert last["final"] is True
        assert last["views"]["navView"]["frame"] == [0, -62, 375, 62]

        # The victim's scene was rebuilt with navTop at −20 (navView 62 tall at y = −20), and it goes on.
        scene = (await victim.request({"type": "scene"}))[-1]["scene"]
        nav_top = next(c for c in scene["constraints"] if c["id"] == "navTop")
        assert nav_top["constant"] == -20
        again = await victim.request({"type": "set", "constraint": "navTop", "constant": -62})
        assert again[-1]["type"] == "ok"
        moved = [m for m in again if m["type"] == "frames"]
        assert moved and moved[-1]["views"]["navView"]["frame"] == [0, -62, 375, 62]
        await presenter.close()
        await victim.close()

    run(body())
    assert "solver fault (planted fault)" in fault_server.log_text()


def test_plant_fault_is_unknown_without_the_flag(server):
    async def body():
        client = await Client.connect(server)
        await client.hello()
        answer = (await client.request({"type": "plantFault"}))[-1]
        assert answer["code"] == "unknown-type", answer
        await client.close()

    run(body())
