"""The variantkit map editor (PySide6)."""
