"""A variant being edited and its files (open, edit, save with its drawing or as
a subvariant's changes, autosave and recover), for the editor and the CLI alike."""
from .document import EDITED_ART, FIELDS, OURS, ChangedOnDisk, SaveRefused, Session, disk_stamp, empty_variant
from .state import Outlines, Ring, State, renamed_state, retargeted

__all__ = ["EDITED_ART", "FIELDS", "OURS", "ChangedOnDisk", "Outlines", "Ring", "SaveRefused", "Session",
           "State", "disk_stamp", "empty_variant", "renamed_state", "retargeted"]
