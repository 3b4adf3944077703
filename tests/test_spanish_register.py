"""One Spanish voice: neutral Latin American Spanish, no vosotros and no voseo.

Scans every Spanish string the app ships (the es catalog's translations and the Spanish texts
found in code, templates, scripts and rule-set data) for the forms of the two other registers.
The lists name whole words; words such as "más", "después" or "inglés" are not forms of a verb
and are allowed explicitly.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent / "scorekeeper"
CATALOG = ROOT / "translations" / "es" / "LC_MESSAGES" / "messages.po"

#: Vosotros: pronouns and verb endings (estáis, tenéis, anotad, sentaos).
VOSOTROS = re.compile(r"\b(vosotr[oa]s|vuestr[oa]s?|os|\w+(?:áis|éis|aos|eos|íos))\b", re.IGNORECASE)
#: Voseo: present tense with a stressed last syllable (tenés, podés, anotás) and imperatives
#: with and without clitics (anotá, completá, anotala, fijate, vaciala).
VOSEO = re.compile(
    r"\b(vos|\w+(?:ás|és|ís)|\w+(?:á|é|í)|"
    r"(?:anot|dej|complet|borr|vaci|fij|cambi|elej|eleg|mir|prob|toc|escrib|pon|dec|ven|"
    r"ten|volv|corrij|agreg|sac|guard|compart|abr|cerr|envi|revis|us|copi|revoc|seleccion|escrib)[aei](?:la|lo|las|los|le|les|me|te|nos))\b",
    re.IGNORECASE,
)
#: Voseo imperatives that end like a future ("mirá" like "dirá"): always refused.
VOSEO_IMPERATIVES = {
    "mirá",
    "tirá",
    "declará",
    "separá",
    "prepará",
    "compará",
    "borrá",
    "agregá",
    "cerrá",
    "corré",
    "leé",
    "poné",
    "tené",
    "hacé",
    "decí",
    "elegí",
    "escribí",
}

#: Words that end like a voseo form but are not verbs (or are ustedes/usted/impersonal forms).
ALLOWED = {
    "más",
    "además",
    "jamás",
    "atrás",
    "detrás",
    "demás",
    "quizás",
    "después",
    "través",
    "inglés",
    "francés",
    "interés",
    "portugués",
    "japonés",
    "país",
    "maíz",
    "está",
    "estás",
    "será",
    "podrá",
    "habrá",
    "tendrá",
    "hará",
    "dirá",
    "sabrá",
    "quedará",
    "terminará",
    "ganará",
    "irá",
    "verá",
    "contará",
    "cerrará",
    "sumará",
    "restará",
    "empezará",
    "guardará",
    "anotará",
    "volverá",
    "mostrará",
    "pasará",
    "jugará",
    "faltará",
    "dará",
    "valdrá",
    "cabrá",
    "quedarán",
    "aquí",
    "allí",
    "ahí",
    "así",
    "sí",
    "ají",
    "rubí",
    "esquí",
    "menú",
    "café",
    "bebé",
    "olé",
    "mamá",
    "papá",
    "sofá",
    "josé",
    "andrés",
    "inés",
    "tomás",
    "nicolás",
    "jesús",
    "canapé",
    "marqués",
    "vas",
    "ves",
    "das",
    "des",
    "mes",
    "tres",
    "seis",
    "pies",
    "res",
    "fue",
    "fe",
    "ve",
    "da",
    "terminés",
    "pénalités",
    "torneos",
    "quizá",
    "acá",
    "allá",
    "tríos",
    "ríos",
    "envíos",
    "desafíos",
    "vacíos",
    "días",
    "tías",
    "é",
    "á",
    "í",
    "canadá",
    "panamá",
    "perú",
    "rené",
}


def _catalog_strings() -> list[str]:
    with CATALOG.open("rb") as handle:
        catalog = read_po(handle, locale="es")
    texts: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        value = message.string
        strings = list(value) if isinstance(value, (tuple, list)) else [value]
        texts.extend(str(s) for s in strings if s)
    return texts


def _offending(text: str) -> list[str]:
    found = []
    for pattern in (VOSOTROS, VOSEO):
        for match in pattern.finditer(text):
            word = match.group(0)
            if word.lower() not in ALLOWED and not _is_future_or_preterite(word):
                found.append(word)
    return found


def _is_future_or_preterite(word: str) -> bool:
    """Futures (anotará) and first-person preterites (guardé) are the same in every register.

    A final "í" is not exempt: "escribí", "elegí" are voseo imperatives far more often than
    the first person of a preterite in the app's texts.
    """
    lower = word.lower()
    if lower in VOSEO_IMPERATIVES:
        return False
    return lower.endswith(("rá", "ré")) or (lower.endswith("é") and not lower.endswith("és"))


def test_the_checker_catches_both_registers() -> None:
    for sample in (
        "¿Estáis de acuerdo?",
        "anotala de nuevo",
        "después podés cambiarla",
        "Completá una fila",
        "vaciala para sacarlo",
        "vuestro equipo",
        "Escribí los nombres",
        "revocalo y creá otro",
        "Mirá el tanteador",
    ):
        assert _offending(sample), sample
    for sample in ("¿Están de acuerdo?", "Puede anotarla de nuevo", "más tarde", "después", "se expondrá"):
        assert not _offending(sample), sample


def test_the_spanish_catalog_speaks_one_register() -> None:
    bad = {text: words for text in _catalog_strings() if (words := _offending(text))}
    assert bad == {}


def test_spanish_texts_outside_the_catalog_speak_one_register() -> None:
    """Rule-set data, templates and scripts may carry Spanish of their own."""
    bad: dict[str, list[str]] = {}
    for path in ROOT.rglob("*"):
        if path.suffix not in {".py", ".js", ".html", ".json", ".toml", ".yaml", ".txt"}:
            continue
        text = path.read_text(encoding="utf-8", errors="ignore")
        words = [
            w
            for w in _offending(text)
            if re.search(r"[áéí]", w)
            or w.lower() in {"vosotros", "vosotras", "vuestro", "vuestra", "vuestros", "vuestras"}
        ]
        if words:
            bad[str(path.relative_to(ROOT))] = words
    assert bad == {}
