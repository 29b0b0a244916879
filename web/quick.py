"""Ark Nova's quick score on a phone: a form of what the score calculators take, and
the breakdown ``companion quick-score`` gives.

Per player: the name, the appeal, the CP before final scoring, the kept
final-scoring card with its count, up to three end-game sponsors with their
counts, and the projects supported (ties only). A field left empty is sent as
"not entered", never as zero: the breakdown says so and gives no score until
it is filled in. A value that is not a whole number is refused with the form
again, everything typed kept.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, render_template, request
from werkzeug.datastructures import MultiDict

from companion.quick_score import QuickScoreError, form_choices, score_text
from companion.sentences import line_words
from web import labels
from web.i18n import pick_language, translate
from web.pages import Page

bp = Blueprint("quick", __name__)

SEATS = 4
"""Players the form has room for (Ark Nova: 2 to 4)."""

SPONSOR_ROWS = 3
"""End-game sponsors a player can enter."""


class FormError(ValueError):
    """A field that is not what the form asks for; the message says which."""


def _count(form: MultiDict[str, str], key: str, what: str) -> int | None:
    raw = form.get(key, "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit()):
        raise FormError(translate("quick_not_number", pick_language(), what=what, value=raw))
    return int(raw)


def entries(form: MultiDict[str, str]) -> dict[str, dict[str, Any]]:
    """The players' entries the form holds: an empty field is left out (not entered).

    Raises:
        FormError: a count is not a whole number, a card is not one the form offers,
            or no player is named.
    """
    lang = pick_language()
    choices = form_choices()
    finals = {c["id"] for c in choices["final_scoring"]}
    sponsored = {str(c["number"]) for c in choices["sponsors"]}
    out: dict[str, dict[str, Any]] = {}
    for i in range(SEATS):
        name = form.get(f"name-{i}", "").strip()
        if not name:
            continue
        entry: dict[str, Any] = {}
        for field in ("appeal", "conservation", "projects"):
            value = _count(form, f"{field}-{i}", f"{name}: {translate('quick_' + field, lang)}")
            if value is not None:
                entry[field] = value
        final = form.get(f"final-{i}", "")
        if final not in ("", "none", *finals):
            raise FormError(translate("quick_not_a_choice", lang, what=final))
        if final == "none":
            entry["final_scoring"] = {}
        elif final:
            entry["final_scoring"] = {
                final: _count(form, f"final_count-{i}", f"{name}: {translate('quick_final', lang)}")
            }
        sponsors: dict[str, int | None] = {}
        for j in range(SPONSOR_ROWS):
            card = form.get(f"sponsor-{i}-{j}", "")
            if card and card not in sponsored:
                raise FormError(translate("quick_not_a_choice", lang, what=card))
            if card:
                what = f"{name}: {translate('quick_sponsors', lang)}"
                sponsors[card] = _count(form, f"sponsor_count-{i}-{j}", what)
        if sponsors:
            entry["sponsors"] = sponsors
        elif form.get(f"no_sponsors-{i}"):
            entry["sponsors"] = {}
        out[name] = entry
    if not out:
        raise FormError(translate("quick_no_players", lang))
    return out


@bp.route("/quick/ark_nova", methods=["GET", "POST"])
def ark_nova() -> Page:
    form: MultiDict[str, str] = request.form if request.method == "POST" else MultiDict()
    lang = pick_language()
    page = {
        "name": lambda pid: labels.name_of("ark_nova", pid, lang),
        "words": lambda line: line_words("ark_nova", line, lang),
        "choices": form_choices(),
        "seats": range(SEATS),
        "rows": range(SPONSOR_ROWS),
        "form": form,
        "result": None,
        "error": None,
    }
    if request.method == "GET":
        return render_template("quick_ark_nova.html", **page)
    options = {"final_scoring_printing": form.get("printing", "first")}
    try:
        doc = {"players": entries(form), "options": options}
        page["result"] = score_text(json.dumps(doc))
    except (FormError, QuickScoreError) as exc:
        page["error"] = str(exc)
        return render_template("quick_ark_nova.html", **page), 400
    return render_template("quick_ark_nova.html", **page)
