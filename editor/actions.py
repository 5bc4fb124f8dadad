"""Every entry of the main window's menus and tool bar, declared once as data:
its name, menu, text, shortcut, what it does and when it is enabled or
checked.  The menus, the tool bar and the shortcuts are built from ENTRIES
(``build``), so a shortcut is written in one place and a test can see them
all (no two alike, every entry reachable)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Dict, Optional, Tuple, Union

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from .mainwindow import MainWindow

Key = QKeySequence.StandardKey
# a platform's standard binding (every one of its keys: Undo is Ctrl+Z and Alt+Backspace), or one written out
Shortcut = Union[QKeySequence.StandardKey, str, None]
Handler = Callable[["MainWindow"], object]
State = Callable[["MainWindow"], bool]


@dataclass(frozen=True)
class Entry:
    """One menu entry.  ``run`` gets the window (never QAction's ``checked``:
    it once arrived as Save As's path); ``enabled_when`` and ``checked_when``
    are asked again whenever the document or the selection changes."""
    name: str
    menu: str
    text: str
    run: Handler
    shortcut: Shortcut = None
    tool: bool = False  # one of the map's tools: checkable, one at a time, on the tool bar
    enabled_when: Optional[State] = None
    checked_when: Optional[State] = None  # checkable, and checked while this holds
    separator: bool = False  # a line before it: the start of a group in its menu
    undo_stack: str = ""  # "undo" or "redo": the stack's own action, which names the step


@dataclass(frozen=True)
class Submenu:
    """A menu inside a menu, filled by the window as it goes (recent files)."""
    name: str
    menu: str
    text: str


def _tool(name: str, text: str, shortcut: str) -> Entry:
    return Entry(name, "&Tools", text, lambda w: w.use_tool(name), shortcut, tool=True)


ENTRIES: Tuple[Union[Entry, Submenu], ...] = (
    Entry("open", "&File", "&Open...", lambda w: w.open_dialog(), Key.Open),
    Entry("recover", "&File", "Recover &autosaved work...", lambda w: w.recover_dialog()),
    Entry("save", "&File", "&Save", lambda w: w.save(), Key.Save),
    Entry("save_as", "&File", "Save &as...", lambda w: w.save_as(), "Ctrl+Shift+S"),
    Submenu("recent", "&File", "Open &recent"),
    Entry("export", "&File", "&Export...", lambda w: w.export_dialog()),
    Entry("judge", "&File", "Take from a &judge's file...", lambda w: w.judge_dialog()),
    Entry("quit", "&File", "&Quit", lambda w: w.close(), Key.Quit),

    Entry("undo", "&Edit", "&Undo", lambda w: w.doc.undo.undo(), Key.Undo, undo_stack="undo"),
    Entry("redo", "&Edit", "&Redo", lambda w: w.doc.undo.redo(), Key.Redo, undo_stack="redo"),
    Entry("delete", "&Edit", "&Delete province or edge", lambda w: w.delete_selected(), Key.Delete),
    Entry("merge", "&Edit", "&Merge the two selected provinces", lambda w: w.merge_selected(), "Ctrl+M"),

    Entry("zoom_in", "&View", "Zoom &in", lambda w: w.view.zoom(1.25), Key.ZoomIn),
    Entry("zoom_out", "&View", "Zoom &out", lambda w: w.view.zoom(0.8), Key.ZoomOut),
    Entry("fit", "&View", "&Fit to window", lambda w: w.fit(), "Ctrl+0"),
    Entry("adjacency", "&View", "Show/hide &adjacency", lambda w: w.toggle_edges(), "E",
          checked_when=lambda w: w.scene.show_edges),
    Entry("show_changes", "&View", "Show &changes from base", lambda w: w.review.toggle_changes(),
          enabled_when=lambda w: w.doc.base is not None, checked_when=lambda w: w.review.overlay.shown,
          separator=True),

    _tool("select", "&Select", "S"),
    _tool("draw", "&Draw province", "D"),
    _tool("vertex", "Edit &vertices", "V"),
    _tool("link", "&Link spaces", "L"),
    _tool("split", "S&plit province along a line", "X"),
    _tool("play", "&Play (test the variant)", "P"),
    _tool("positions", "Move unit and label &positions", "O"),
    _tool("homes", "&Homes and units by clicking", "H"),
    _tool("coast", "Draw a &coast (along the selected province's shore)", "C"),
    Entry("balance", "&Tools", "&Balance report...", lambda w: w.review.open_balance(), "Ctrl+B", separator=True),
)

TOOLS = tuple(e.name for e in ENTRIES if isinstance(e, Entry) and e.tool)


@dataclass
class Built:
    """What ``build`` made: the actions by name, the submenus by name."""
    actions: Dict[str, QAction]
    submenus: Dict[str, QMenu]


def build(window: MainWindow) -> Built:
    """The menus of ENTRIES in the window's menu bar, their shortcuts, and the
    tools in one exclusive group."""
    menus: Dict[str, QMenu] = {}
    built = Built({}, {})
    tools = QActionGroup(window)  # one tool at a time, the active one checked
    for entry in ENTRIES:
        if entry.menu not in menus:
            menus[entry.menu] = window.menuBar().addMenu(entry.menu)
        menu = menus[entry.menu]
        if isinstance(entry, Submenu):
            built.submenus[entry.name] = menu.addMenu(entry.text)
            continue
        if entry.separator:
            menu.addSeparator()
        act = _action(window, entry)
        if entry.tool:
            act.setCheckable(True)
            act.setData(entry.name)
            tools.addAction(act)
        menu.addAction(act)
        built.actions[entry.name] = act
    for menu in menus.values():  # what the user sees is current even if a signal was missed
        menu.aboutToShow.connect(lambda: refresh(window, built.actions))
    return built


def _action(window: MainWindow, entry: Entry) -> QAction:
    if entry.undo_stack:
        # the stack's own action says what it would undo ("Undo Rename par") and
        # enables itself; its step is the stack's, not ``run``
        stack = window.doc.undo
        act = (stack.createUndoAction if entry.undo_stack == "undo" else stack.createRedoAction)(window, entry.text)
    else:
        act = QAction(entry.text, window)
        act.triggered.connect(lambda _checked=False: _run(window, entry))
    if isinstance(entry.shortcut, QKeySequence.StandardKey):
        act.setShortcuts(entry.shortcut)
    elif entry.shortcut:
        act.setShortcut(entry.shortcut)
        if len(entry.shortcut) == 1:
            # a bare letter belongs to the map: typed in a drop-down list or a
            # table it must not switch tools
            act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            window.view.addAction(act)
    if entry.checked_when is not None:
        act.setCheckable(True)
    return act


def _run(window: MainWindow, entry: Entry) -> None:
    entry.run(window)
    window.refresh_actions()  # a checkable entry shows what its step did, not Qt's own toggle


def refresh(window: MainWindow, actions: Dict[str, QAction]) -> None:
    """Enabled and checked as the entries say, for the window as it is now."""
    for entry in ENTRIES:
        if not isinstance(entry, Entry):
            continue
        act = actions[entry.name]
        if entry.enabled_when is not None:
            act.setEnabled(entry.enabled_when(window))
        if entry.checked_when is not None:
            act.setChecked(entry.checked_when(window))


def entry(name: str) -> Entry:
    """The entry of that name (tests, and whoever needs its shortcut)."""
    for e in ENTRIES:
        if isinstance(e, Entry) and e.name == name:
            return e
    raise KeyError(name)
