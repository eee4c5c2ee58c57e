"""The Washington's War rule families, one module each, every check citing its rule."""
