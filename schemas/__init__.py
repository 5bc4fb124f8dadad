"""The variant schema, shipped inside the package as `variantkit.schemas` (see pyproject.toml)."""
