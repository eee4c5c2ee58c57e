"""Piece traits (FORMAT.md §6.4–6.5): one class per engine trait, chosen by trait id.

`TRAITS` is the registry: a literal dict from trait id (with its `;`) to class, covering
every decorator id of §6.4. The three innermost piece kinds (`piece;`, `stack`, `deck;`) are
not traits; `vmod_schema.pieces` decodes them. An id not in `TRAITS` becomes an
`UnknownTrait`, kept byte for byte.
"""

from __future__ import annotations

from vmod_schema.traits.actions import (
    ActionButton,
    AreaOfEffect,
    Attachment,
    BorderOutline,
    Clone,
    Comment,
    Delete,
    Deselect,
    GlobalHotKey,
    GlobalKeyCommand,
    Mat,
    MatCargo,
    MenuSeparator,
    MultiLocationCommand,
    NonRectangular,
    PlaceMarker,
    PlaySound,
    Replace,
    ReportState,
    SetGlobalProperty,
    SetPieceProperty,
    SubMenu,
    TranslatableMessage,
    TriggerAction,
    UsePrototype,
)
from vmod_schema.traits.base import REDACTED, Trait, evaluate_format, trait_id
from vmod_schema.traits.hiding import Invisible, Mask, RestrictCommands, Restricted
from vmod_schema.traits.labels import BasicName, Label
from vmod_schema.traits.layers import Layer, LayerLayout
from vmod_schema.traits.movement import (
    Footprint,
    Immobilized,
    MarkWhenMoved,
    Pivot,
    ReturnToDeck,
    Rotate,
    SendToLocation,
    Translate,
)
from vmod_schema.traits.properties import (
    CalculatedProperty,
    DynamicProperty,
    Marker,
    NumericConstraints,
    PropertySheet,
    Spreadsheet,
)
from vmod_schema.traits.unknown import UnknownTrait

TRAITS: dict[str, type[Trait]] = {
    "emb2;": Layer,
    "emb;": Layer,
    "mark;": Marker,
    "PROP;": DynamicProperty,
    "calcProp;": CalculatedProperty,
    "label;": Label,
    "obs;": Mask,
    "hide;": Invisible,
    "restrict;": Restricted,
    "hideCmd;": RestrictCommands,
    "table;": Spreadsheet,
    "propertysheet;": PropertySheet,
    "rotate;": Rotate,
    "pivot;": Pivot,
    "report;": ReportState,
    "prototype;": UsePrototype,
    "immob;": Immobilized,
    "nonRect;": NonRectangular,
    "nonRect2;": NonRectangular,
    "locmsg;": TranslatableMessage,
    "placemark;": PlaceMarker,
    "replace;": Replace,
    "markmoved;": MarkWhenMoved,
    "footprint;": Footprint,
    "return;": ReturnToDeck,
    "sendto;": SendToLocation,
    "clone;": Clone,
    "delete;": Delete,
    "submenu;": SubMenu,
    "menuSeparator;": MenuSeparator,
    "translate;": Translate,
    "AreaOfEffect;": AreaOfEffect,
    "globalkey;": GlobalKeyCommand,
    "macro;": TriggerAction,
    "setprop;": SetGlobalProperty,
    "setpieceprop;": SetPieceProperty,
    "playSound;": PlaySound,
    "button;": ActionButton,
    "globalhotkey;": GlobalHotKey,
    "deselect;": Deselect,
    "mat;": Mat,
    "matPiece;": MatCargo,
    "attach;": Attachment,
    "basicName;": BasicName,
    "border;": BorderOutline,
    "locCommand;": MultiLocationCommand,
    "cmt;": Comment,
}
"""Trait id (FORMAT.md §6.4) → class. Ids not listed decode as `UnknownTrait`."""


def trait_for(type_string: str, state_string: str | None) -> Trait:
    """Return the trait object for one level's type and state strings (§6.1, §6.4).

    >>> trait_for("mark;Layer", "Hidden")
    Marker('mark;Layer', state='Hidden')
    >>> trait_for("ScatterTrait", "")
    UnknownTrait('ScatterTrait', state='')
    """
    ident = trait_id(type_string)
    return TRAITS.get(ident, UnknownTrait)(ident, type_string, state_string)


__all__ = [
    "REDACTED",
    "TRAITS",
    "ActionButton",
    "AreaOfEffect",
    "Attachment",
    "BasicName",
    "BorderOutline",
    "CalculatedProperty",
    "Clone",
    "Comment",
    "Delete",
    "Deselect",
    "DynamicProperty",
    "Footprint",
    "GlobalHotKey",
    "GlobalKeyCommand",
    "Immobilized",
    "Invisible",
    "Label",
    "Layer",
    "LayerLayout",
    "MarkWhenMoved",
    "Marker",
    "Mask",
    "Mat",
    "MatCargo",
    "MenuSeparator",
    "MultiLocationCommand",
    "NonRectangular",
    "NumericConstraints",
    "Pivot",
    "PlaceMarker",
    "PlaySound",
    "PropertySheet",
    "Replace",
    "ReportState",
    "RestrictCommands",
    "Restricted",
    "ReturnToDeck",
    "Rotate",
    "SendToLocation",
    "SetGlobalProperty",
    "SetPieceProperty",
    "Spreadsheet",
    "SubMenu",
    "Trait",
    "TranslatableMessage",
    "Translate",
    "TriggerAction",
    "UnknownTrait",
    "UsePrototype",
    "evaluate_format",
    "trait_for",
    "trait_id",
]
