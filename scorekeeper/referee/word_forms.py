"""What the referee search treats as the same word, beyond the Snowball stems (see search.py).

Small tables, in Spanish, English and French, of what a stemmer cannot know: irregular verb forms,
number words (a digit and its words are one word), and the verbs players use for the same act.
Words are written folded (lower case, no accents), as the search compares them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

#: Irregular forms and the word a stemmer knows them by: "drew" → "draw".
IRREGULAR_FORMS: Final[Mapping[str, str]] = {
    # English
    "drew": "draw", "drawn": "draw",
    "took": "take", "taken": "take",
    "laid": "lay",
    "held": "hold", "kept": "keep",
    "went": "go", "gone": "go",
    "threw": "throw", "thrown": "throw",
    "showed": "show", "shown": "show",
    "caught": "catch", "got": "get",
    # Spanish
    "cogi": "coger", "cogio": "coger",
    "puse": "poner", "puso": "poner", "puesto": "poner",
    "tuve": "tener", "tuvo": "tener",
    "hice": "hacer", "hizo": "hacer",
    "fui": "ir", "fue": "ir",
    # French
    "pris": "prendre", "prit": "prendre", "prise": "prendre",
    "mis": "mettre", "mit": "mettre",
    "fait": "faire", "fit": "faire",
    "tenu": "tenir", "tint": "tenir",
}

#: The numbers of the penalties (cards, threes, wild cards), each as a digit and its words.
NUMBER_WORDS: Final[tuple[tuple[str, ...], ...]] = (
    ("1", "uno", "una", "un", "one", "une"),
    ("2", "dos", "two", "deux"),
    ("3", "tres", "three", "trois"),
    ("4", "cuatro", "four", "quatre"),
    ("5", "cinco", "five", "cinq"),
    ("6", "seis", "six"),
    ("7", "siete", "seven", "sept"),
)

#: Verbs players use for one act, whatever the book says: taking a card from the stock or the pile,
#: laying cards down, going out. A synonym counts for less than the word itself when ranking.
SYNONYMS: Final[tuple[tuple[str, ...], ...]] = (
    ("robar", "tomar", "sacar", "agarrar", "levantar", "coger", "alzar"),
    ("draw", "take", "pick", "grab"),
    ("piocher", "tirer", "prendre", "ramasser"),
    ("bajar", "mostrar", "abatir", "ensenar"),
    ("meld", "lay", "show"),
    ("etaler", "poser", "montrer", "abattre"),
    ("cerrar", "salir", "irse"),
    ("sortir", "finir"),
    ("pozo", "pila", "pote"),
    ("mazo", "monte"),
    ("deck", "stock"),
    ("pile", "discard"),
)
