"""The interpreter's heap once a large document is open.

A document of thousands of provinces is hundreds of thousands of objects
that live as long as it is open.  Python's cyclic garbage collector scans
them all again at each full collection, and an edit, an undo or a redo
allocates enough to start one: at 3,000 provinces that was half of an
undo's time, and most of its spread from one undo to the next.  Once a
large document is open, its objects are moved out of the collector's sight
(``gc.freeze``); the next open first gives them back (``gc.unfreeze``), so
what the old document leaves is collected as usual.
"""
from __future__ import annotations

import gc

# below this many provinces a full collection is quick (tens of thousands of
# objects): nothing is frozen, and opening pays for no collection
LARGE = 500


def settle(provinces: int) -> bool:
    """After a document with ``provinces`` provinces is opened: what was
    frozen for the document before is given back to the collector; a large
    document's objects, once collected, are frozen.  Whether it froze."""
    gc.unfreeze()
    if provinces < LARGE:
        return False
    gc.collect()  # what the old document and the open left, before the rest is frozen
    gc.freeze()
    return True
