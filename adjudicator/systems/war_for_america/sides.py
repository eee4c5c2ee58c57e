"""War for America's two sides, as every reading and rule names them."""

from __future__ import annotations

from typing import Final

BRITISH: Final = "british"
"""The British side: British, German and Loyalist units (and British-allied Six Nations)."""
COLONIAL: Final = "colonial"
"""The Colonial (American) side: Continentals, militia and, by the digest's reading (§8
A-31), the French, Spanish and Dutch forces."""
SIDES: Final = (BRITISH, COLONIAL)

__all__ = ["BRITISH", "COLONIAL", "SIDES"]
