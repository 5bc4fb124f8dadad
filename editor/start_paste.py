"""The starting position pasted from the rules text: every power's homes and
units (and the names of the places the drawing left unnamed) in one step.
The reading is the library's (variantkit.start.rules_text); this window shows
what it read and refuses the whole paste while a line does not read."""
from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QVBoxLayout

from variantkit.start.rules_text import StartList, apply_start_list, read_start_list

from .document import Document


class StartPasteDialog(QDialog):
    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.setWindowTitle("Start from the rules text")
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Paste the starting position as the rules list it: a power's name on a line,\n"
                                "then its units (A Vienna, F St. Petersburg (SC)); a code works for any place."))
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText("Austria\nF Trieste\nA Vienna\n...")
        layout.addWidget(self.text)
        self.report = QLabel()
        self.report.setWordWrap(True)
        layout.addWidget(self.report)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply
                                        | QDialogButtonBox.StandardButton.Close)
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.clicked.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.text.textChanged.connect(self._preview)
        self.resize(520, 480)

    def read(self) -> StartList:
        return read_start_list(self.text.toPlainText(), self.doc.variant)

    def _preview(self) -> None:
        start = self.read()
        units = sum(len(u) for _, u in start.powers)
        said = f"{len(start.powers)} powers, {units} units"
        if start.problems:
            self.report.setText(said + "; to fix first:\n" + "\n".join(start.problems[:8])
                                + (f"\n(and {len(start.problems) - 8} more)" if len(start.problems) > 8 else ""))
        else:
            self.report.setText(said + (f", {len(start.names)} places named" if start.names else "")
                                + ("; check: " + "; ".join(start.guesses) if start.guesses else ""))

    def apply(self) -> bool:
        """All or nothing: one undo step, or the lines still to fix shown."""
        from .design_commands import EditVariant
        start = self.read()
        if start.problems or not start.powers:
            self._preview()
            if not start.powers and not start.problems:
                self.report.setText("nothing read: paste the rules' list of powers and units")
            return False
        self.doc.undo.push(EditVariant(self.doc, lambda v: apply_start_list(v, start),
                                       f"Start of {len(start.powers)} powers from the rules text"))
        self.accept()
        return True
