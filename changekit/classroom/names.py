"""When two names are one: the key a student's name must not share with a classmate's.

A classmate must not be able to pass for another on the class's pages: not by case or spaces, not
by a full-width or ligature form, not by an invisible character or an accent mark, and not by a
letter of another script drawn the same (Cyrillic "а", Cherokee "Ꭺ", Latin alpha "ɑ"). The last
is Unicode's confusables skeleton (UTS #39), which ICU keeps current with every Unicode release;
PyICU is a dependency where a wheel exists (Linux x86-64, macOS arm64). Elsewhere a short table
of the common look-alikes stands in (:data:`LOOK_ALIKES_WITHOUT_ICU`), and :data:`FOLDS_BY` says
which one this machine uses.
"""
from __future__ import annotations

import re
import unicodedata

#: characters that show as nothing, or nothing but space, yet are not control characters (those a
#: name may not hold at all): combining grapheme joiner, Hangul fillers, Mongolian and other
#: variation selectors, Khmer inherent vowels, the braille blank
INVISIBLE = re.compile("[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u2800\u3164\ufe00-\ufe0f\uffa0"
                       "\U000e0100-\U000e01ef]")
#: accent marks that sit on any letter (the combining diacritical blocks), dropped after
#: decomposition: "Adạ" and "Ada̲" pass for "Ada". Marks that are part of a script's spelling
#: (Devanagari vowel signs, Thai tone marks) are kept: they tell names apart.
ACCENT_MARKS = re.compile("[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]")

try:
    import icu

    _SPOOF_CHECKER = icu.SpoofChecker()
    FOLDS_BY = "unicode-skeleton"
except ImportError:  # no PyICU wheel for this platform (see the module's docstring)
    _SPOOF_CHECKER = None
    FOLDS_BY = "look-alike-table"

#: without ICU: letters that look like Latin ones (Cyrillic, Greek; digits that pass for letters),
#: folded to the Latin letter they pass for (after Unicode's confusables.txt)
LOOK_ALIKES_WITHOUT_ICU = str.maketrans({
    # Cyrillic
    "А": "a", "а": "a", "В": "b", "С": "c", "с": "c", "ԁ": "d", "Е": "e", "е": "e", "Н": "h",
    "һ": "h", "І": "l", "і": "i", "Ӏ": "l", "ӏ": "l", "Ј": "j", "ј": "j", "К": "k", "М": "m",
    "О": "o", "о": "o", "Р": "p", "р": "p", "Ԛ": "q", "ԛ": "q", "Ѕ": "s", "ѕ": "s", "Т": "t", "Ԝ": "w", "ԝ": "w",
    "Х": "x", "х": "x", "У": "y", "у": "y", "Ү": "y", "ү": "y",
    # Greek
    "Α": "a", "α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h", "Ι": "l", "ι": "i", "Κ": "k", "κ": "k", "Μ": "m",
    "Ν": "n", "ν": "v", "Ο": "o", "ο": "o", "Ρ": "p", "ρ": "p", "Τ": "t", "Υ": "y", "υ": "u", "Χ": "x", "χ": "x",
    "Ϲ": "c", "ϲ": "c",
    # Latin and others: capital I, one and bar for small l, zero for o, alpha, dotless i, Cherokee A
    "I": "l", "1": "l", "|": "l", "0": "o", "ɑ": "a", "ı": "i", "Ꭺ": "a",
})


def name_key(name: str) -> str:
    """What two names of a session must not share: the name in Unicode's compatibility form
    (NFKC: full-width letters, ligatures), without invisible characters or accent marks, reduced
    to its confusables skeleton, case-folded and reduced again (so "Ivan", "IVAN", "lvan" and
    "1van" are one name, and "Mia" one with "rnia"), spaces made single. A key is for comparing
    names, never for showing.

    >>> name_key("Ａda") == name_key("\u0430da") == name_key("Ada\u034f") == name_key("ADA ") == name_key("Adạ")
    True
    """
    text = INVISIBLE.sub("", unicodedata.normalize("NFKC", name))
    text = ACCENT_MARKS.sub("", unicodedata.normalize("NFD", text))
    if _SPOOF_CHECKER is not None:
        # before case-folding: capital I passes for small l; after it: small m passes for "rn"
        folded = _SPOOF_CHECKER.getSkeleton(0, _SPOOF_CHECKER.getSkeleton(0, text).casefold())
    else:
        folded = text.translate(LOOK_ALIKES_WITHOUT_ICU).casefold().translate(LOOK_ALIKES_WITHOUT_ICU)
    return " ".join(folded.split())
