"""Layout Playground client kit: `Playground` (asyncio), `SyncPlayground`, frames and assertions."""
from .assertions import FrameMismatch, assert_close, assert_rect
from .client import Answer, Playground, PlaygroundError, Server, SyncPlayground, default_binary
from .frames import Frames, Rect, ViewState

__all__ = ["Answer", "FrameMismatch", "Frames", "Playground", "PlaygroundError", "Rect", "Server",
           "SyncPlayground", "ViewState", "assert_close", "assert_rect", "default_binary"]
