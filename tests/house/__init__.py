"""The house's rules: layering, lint, types, the errors' root, the compiled helpers' twins."""
