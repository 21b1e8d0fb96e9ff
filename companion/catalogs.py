"""Translation catalogues: extract every msgid, update the ar/fa catalogues, list gaps.

`make messages` runs `python -m companion.catalogs`; tests/test_i18n.py uses the same
functions, so "what the test says is missing" is exactly what extraction found.
"""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "babel.cfg"
TRANSLATIONS = Path(__file__).resolve().parent / "translations"
TEMPLATE = TRANSLATIONS / "messages.pot"
LOCALES = ("ar", "fa")  # English is the source language: it needs no catalogue
# Flask-Babel's names, and the rules engine's: msg(N_("...")) is found through N_, and a bare
# msg("...") or Msg("...") through their names, so a forgotten N_ still reaches translators.
KEYWORDS = {
    "_": None, "_l": None, "gettext": None, "lazy_gettext": None, "N_": None, "msg": (1,),
    "Msg": (1,), "msgn": (1, 2), "N_plural": (1, 2),
    "ngettext": (1, 2), "lazy_ngettext": (1, 2),
    "pgettext": ((1, "c"), 2), "lazy_pgettext": ((1, "c"), 2),
}
COMMENT_TAGS = ["TRANSLATORS:"]
BRACE_FIELD = re.compile(r"\{\w*(?:[:!][^{}]*)?\}")
PERCENT_FIELD = re.compile(r"%\(\w+\)[sd]")


def extract() -> Catalog:
    """Every translatable string in companion/ and templates/, as a template catalogue."""
    with CONFIG.open() as config:
        method_map, options_map = parse_mapping_cfg(  # type: ignore[no-untyped-call]
            config, str(CONFIG))
    template = Catalog(project="Companion", charset="utf-8", fuzzy=False)
    for path, lineno, msgid, comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=KEYWORDS,
            comment_tags=COMMENT_TAGS, strip_comment_tags=True):
        template.add(msgid, None, [(path, lineno)], auto_comments=comments, context=context)
    for message in template:
        if message.id:
            message.flags = _format_flags(message.id)
    return template


def _format_flags(msgid: str | tuple[str, ...] | list[str]) -> set[str]:
    """Say which placeholder syntax a string uses, so tools check the right one."""
    text = msgid if isinstance(msgid, str) else " ".join(msgid)
    if PERCENT_FIELD.search(text):
        return {"python-format"}  # Flask-Babel's gettext(..., name=value)
    if BRACE_FIELD.search(text):
        return {"python-brace-format"}  # the rules engine's Msg.format
    return set()


def catalog_path(locale: str) -> Path:
    return TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po"


def load(locale: str) -> Catalog:
    with catalog_path(locale).open("rb") as po_file:
        return read_po(po_file, locale=locale)


def update(template: Catalog) -> None:
    """Write messages.pot and bring each catalogue in line with it, keeping translations."""
    _write(TEMPLATE, template)
    for locale in LOCALES:
        path = catalog_path(locale)
        if path.exists():
            catalog = load(locale)
        else:
            catalog = Catalog(locale=locale, project="Companion", fuzzy=False)
        # No fuzzy guesses: a changed string shows up as missing instead of half-right.
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        for message in catalog:
            if message.id:
                message.flags = _format_flags(message.id) | (message.flags & {"fuzzy"})
        _write(path, catalog)


def missing(locale: str, template: Catalog | None = None) -> list[str]:
    """Msgids of `template` (default: a fresh extraction) without a translation in `locale`."""
    template = template or extract()
    catalog = load(locale) if catalog_path(locale).exists() else Catalog(locale=locale)
    gaps = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        strings = found.string if found and isinstance(found.string, tuple) else (
            (found.string,) if found else ("",))
        if not found or found.fuzzy or not all(strings):
            gaps.append(message.id if isinstance(message.id, str) else message.id[0])
    return gaps


def _write(path: Path, catalog: Catalog) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=100, sort_by_file=True)


def main() -> None:
    template = extract()
    update(template)
    for locale in LOCALES:
        gaps = missing(locale, template)
        print(f"{locale}: {len(template) - len(gaps)} of {len(template)} strings translated")


if __name__ == "__main__":
    main()
