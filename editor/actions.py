"""Menu entries declared as data, and the menus, tool bar group and shortcuts
built from them.  The main window's table (mainwindow.ENTRIES) says for each
entry its name, menu, text, shortcut, what it does and when it is enabled or
checked; ``Menus`` makes the actions, so a shortcut is written in one place
and a test can see them all (no two alike, every entry reachable)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, Generic, List, Optional, Sequence, TypeVar, Union

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QUndoStack
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

# a platform's standard binding (every one of its keys: Undo is Ctrl+Z and Alt+Backspace), or one written out
Shortcut = Union[QKeySequence.StandardKey, str, None]

W = TypeVar("W", bound=QMainWindow)  # the window the entries act on (the table is typed by it)


@dataclass(frozen=True)
class Entry(Generic[W]):
    """One menu entry.  ``run`` gets the window (never QAction's ``checked``:
    it once arrived as Save As's path); ``enabled_when`` and ``checked_when``
    are asked again after each step of the document and each entry run."""
    name: str
    menu: str
    text: str
    run: Callable[[W], object]
    shortcut: Shortcut = None
    tool: bool = False  # one of the map's tools: checkable, one at a time, on the tool bar
    enabled_when: Optional[Callable[[W], bool]] = None
    checked_when: Optional[Callable[[W], bool]] = None  # checkable, and checked while this holds
    separator: bool = False  # a line before it: the start of a group in its menu
    undo_stack: str = ""  # "undo" or "redo": the stack's own action, which names the step

    def keys(self) -> List[QKeySequence]:
        """Every key sequence the entry is bound to."""
        if isinstance(self.shortcut, QKeySequence.StandardKey):
            return QKeySequence.keyBindings(self.shortcut)
        return [QKeySequence(self.shortcut)] if self.shortcut else []


@dataclass(frozen=True)
class Submenu:
    """A menu inside a menu, filled by the window as it goes (recent files)."""
    name: str
    menu: str
    text: str


class Menus(Generic[W]):
    """The entries in the window's menu bar: ``actions`` and ``submenus`` by
    name, the tools in one exclusive group (``tools``, in the table's order)."""

    def __init__(self, window: W, entries: Sequence[Union[Entry[W], Submenu]], view: QWidget, undo: QUndoStack):
        self.window = window
        self.entries = [e for e in entries if isinstance(e, Entry)]
        self.actions: Dict[str, QAction] = {}
        self.submenus: Dict[str, QMenu] = {}
        self.tools: Dict[str, QAction] = {}
        menus: Dict[str, QMenu] = {}
        group = QActionGroup(window)  # one tool at a time, the active one checked
        for entry in entries:
            if entry.menu not in menus:
                menus[entry.menu] = window.menuBar().addMenu(entry.menu)
            menu = menus[entry.menu]
            if isinstance(entry, Submenu):
                self.submenus[entry.name] = menu.addMenu(entry.text)
                continue
            if entry.separator:
                menu.addSeparator()
            act = self._action(entry, view, undo)
            if entry.tool:
                act.setCheckable(True)
                act.setData(entry.name)
                group.addAction(act)
                self.tools[entry.name] = act
            menu.addAction(act)
            self.actions[entry.name] = act
        for menu in menus.values():  # what the user sees is current even if a change was missed
            menu.aboutToShow.connect(self.refresh)

    def _action(self, entry: Entry[W], view: QWidget, undo: QUndoStack) -> QAction:
        if entry.undo_stack:
            # the stack's own action says what it would undo ("Undo Rename par") and
            # enables itself; its step is the stack's, not ``run``
            make = undo.createUndoAction if entry.undo_stack == "undo" else undo.createRedoAction
            act = make(self.window, entry.text)
        else:
            act = QAction(entry.text, self.window)
            act.triggered.connect(lambda _checked=False: self._run(entry))
        act.setShortcuts(entry.keys())
        if isinstance(entry.shortcut, str) and len(entry.shortcut) == 1:
            # a bare letter belongs to the map: typed in a drop-down list or a
            # table it must not switch tools
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            view.addAction(act)
        if entry.checked_when is not None:
            act.setCheckable(True)
        return act

    def _run(self, entry: Entry[W]) -> None:
        entry.run(self.window)
        self.refresh()  # a checkable entry shows what its step did, not Qt's own toggle

    def refresh(self) -> None:
        """Enabled and checked as the entries say, for the window as it is now."""
        for entry in self.entries:
            act = self.actions[entry.name]
            if entry.enabled_when is not None:
                act.setEnabled(entry.enabled_when(self.window))
            if entry.checked_when is not None:
                act.setChecked(entry.checked_when(self.window))
