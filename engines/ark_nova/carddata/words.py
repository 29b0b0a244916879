# ruff: noqa: E501
"""What each sponsor and conservation project does, in the project's own words.

Shown to the table, in English and Traditional Chinese, when it resolves an
effect the engine does not resolve itself (``engines.ark_nova.effects.card_words``,
``companion.sentences.ark_nova.card_effect``). Nothing here is another
repository's text: the sponsor clauses are written for this project from the
facts of each card (its numbers, icons, timings and keywords, checked against
the card lists named in ``SOURCE.md`` beside this file), one short clause per
timing; the project words are generated from the project data of
``engines.ark_nova.cards.PROJECTS``. The terms are the ones the companion's pages
use throughout (吸引力 appeal, 保育點數 CP, 聲望 reputation, X 標記 X-token, 元
money, 研究圖示 research icon, 展示區 display, 牌庫 deck, 小賣部 kiosk, 涼亭
pavilion, 圍欄 enclosure). The card itself stays the authority: where a clause
is only a pointer ("as printed") the table reads the card.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from engines.ark_nova.cards import BREEDING, CONTINENTS, PROJECTS, Project

Clause = tuple[str, str, str]
"""(timing, English, Traditional Chinese); timing is ``now`` (when the card is played),
``income`` (at each break), ``lasting`` (from then on) or ``end`` (at the end)."""

TIMINGS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "now": ("when played", "打出時"),
        "income": ("at each break", "每次休息"),
        "lasting": ("from then on", "之後"),
        "end": ("at the end", "終局"),
    }
)

ZH = "zh-Hant"


def _tile(en: str, zh: str) -> Clause:
    return (
        "now",
        f"place its building {en} (the table enters its hexes)",
        f"放下它的建築{zh}（由大家輸入蓋住的格子）",
    )


def _icon_sponsor(en: str, zh: str) -> tuple[Clause, ...]:
    """231-235: appeal per icon now, money by how many icons the zoo shows."""
    return (
        ("now", f"1 appeal per {en} icon in your zoo", f"動物園裡每個{zh}圖示得 1 點吸引力"),
        (
            "lasting",
            f"3 / 6 / 9 money for 1 / 3 / 5 {en} icons in your zoo, as printed",
            f"動物園裡有 1／3／5 個{zh}圖示時得 3／6／9 元（照卡上）",
        ),
    )


def _watcher(en: str, zh: str) -> tuple[Clause, ...]:
    """236-240: money whenever any zoo shows a new icon of the kind."""
    return (
        (
            "lasting",
            f"3 money whenever any zoo plays a {en} icon",
            f"任何動物園每打出 1 個{zh}圖示，你得 3 元",
        ),
    )


def _exhibit(en: str, zh: str, near_en: str, near_zh: str) -> tuple[Clause, ...]:
    """243-247: a building beside rock or water, appeal per icon played, 1 CP for 6."""
    return (
        _tile(f"beside at least {near_en}", f"，至少挨著 {near_zh}"),
        (
            "lasting",
            f"+2 appeal for each {en} icon you play",
            f"你每打出 1 個{zh}圖示，+2 點吸引力",
        ),
        ("end", f"1 CP with 6 {en} icons", f"有 6 個{zh}圖示得 1 點保育點數"),
    )


def _native(en: str, zh: str) -> tuple[Clause, ...]:
    """258-259: appeal now for connected spaces, CP at the end for unconnected ones."""
    return (
        (
            "now",
            f"1 appeal per {en} space next to a building",
            f"每個挨著建築的{zh}格得 1 點吸引力",
        ),
        (
            "end",
            f"1 CP per 2 {en} spaces with no building next to them",
            f"每 2 個旁邊沒有建築的{zh}格得 1 點保育點數",
        ),
    )


_ONE_X: Clause = ("now", "+1 X-token", "+1 個 X 標記")
_THREE_UNIVERSITIES: Clause = ("end", "1 CP with 3 universities", "有 3 所大學得 1 點保育點數")
_FIVE_CONTINENTS: Clause = (
    "end",
    "1 CP with 5 different continent icons",
    "有 5 種不同的大陸圖示得 1 點保育點數",
)
_FIVE_CATEGORIES: Clause = (
    "end",
    "1 CP with 5 different animal category icons",
    "有 5 種不同的動物類別圖示得 1 點保育點數",
)
_REPUTATION_NINE: Clause = ("end", "1 CP with reputation 9 or more", "聲望 9 以上得 1 點保育點數")
_FIVE_SUPPORTS: Clause = (
    "end",
    "1 CP with 5 conservation projects supported",
    "支持了 5 個保育計畫得 1 點保育點數",
)
_FULL_MAP: Clause = (
    "end",
    "+5 appeal with every building space of Map A covered",
    "地圖 A 的建築格全部蓋滿得 5 點吸引力",
)
_WILD_TOKEN: Clause = (
    "lasting",
    "supporting a base conservation project, you may spend a token from this card as any one icon",
    "支持基本保育計畫時，可以用掉這張牌上的 1 個標記，當作任意 1 個圖示",
)
_SHARED_CP = (
    "every other player takes 2 money for each CP you gain this way",
    "你這樣每得 1 點保育點數，其他每位玩家各得 2 元",
)


def _continent_expert(en: str, zh: str, bonus: Clause) -> tuple[Clause, ...]:
    """210-214: appeal per continent icon now, a bonus for each one played."""
    return (
        ("now", f"1 appeal per {en} icon in your zoo", f"動物園裡每個{zh}圖示得 1 點吸引力"),
        bonus,
    )


SPONSOR_WORDS: Mapping[int, tuple[Clause, ...]] = MappingProxyType(
    {
        201: (
            (
                "now",
                "take 1 card from the deck or within reputation range",
                "從牌庫或聲望範圍內拿 1 張牌",
            ),
            ("income", "take 1 card the same way", "同樣拿 1 張牌"),
            (
                "end",
                "1 CP with 3 research icons, 2 CP with 6",
                "有 3 個研究圖示得 1 點保育點數，有 6 個得 2 點",
            ),
        ),
        202: (
            (
                "lasting",
                "+1 reputation for each research icon you play",
                "你每打出 1 個研究圖示，+1 聲望",
            ),
        ),
        203: (
            (
                "now",
                "2 / 5 / 10 money with 1 / 2 / 3 universities",
                "有 1／2／3 所大學時得 2／5／10 元",
            ),
            (
                "lasting",
                "a rule on universities for supporting conservation projects, as printed",
                "支持保育計畫時一條關於大學的規則（照卡上）",
            ),
            _THREE_UNIVERSITIES,
        ),
        204: (
            ("now", "2 money per research icon in your zoo", "動物園裡每個研究圖示得 2 元"),
            (
                "lasting",
                "+1 CP for each research icon you play",
                "你每打出 1 個研究圖示，+1 保育點數",
            ),
        ),
        205: (("now", "+2 reputation and +1 CP", "+2 聲望、+1 保育點數"),),
        206: (
            (
                "now",
                "2 appeal per conservation project you have supported",
                "你支持過的每個保育計畫得 2 點吸引力",
            ),
            ("income", "+1 CP", "+1 保育點數"),
        ),
        207: (
            (
                "now",
                f"1 CP per 2 different continent or animal category icons in your zoo; {_SHARED_CP[0]}",
                f"動物園裡每 2 種不同的大陸或動物類別圖示得 1 點保育點數；{_SHARED_CP[1]}",
            ),
        ),
        208: (
            ("now", "1 appeal per research icon in your zoo", "動物園裡每個研究圖示得 1 點吸引力"),
            (
                "lasting",
                "2 money whenever any zoo plays a research icon",
                "任何動物園每打出 1 個研究圖示，你得 2 元",
            ),
            _FIVE_CATEGORIES,
        ),
        209: (_ONE_X, ("income", "+1 X-token", "+1 個 X 標記"), _THREE_UNIVERSITIES),
        210: (
            *_continent_expert(
                "Americas",
                "美洲",
                (
                    "lasting",
                    "a free kiosk for each Americas icon you play",
                    "你每打出 1 個美洲圖示，免費蓋 1 座小賣部",
                ),
            ),
            ("end", "1 CP with 5 kiosks", "有 5 座小賣部得 1 點保育點數"),
        ),
        211: (
            *_continent_expert(
                "Europe",
                "歐洲",
                (
                    "lasting",
                    "a free size-1 enclosure for each Europe icon you play",
                    "你每打出 1 個歐洲圖示，免費蓋 1 座 1 格圍欄",
                ),
            ),
            (
                "end",
                "1 CP with 5 occupied size-1 enclosures",
                "有 5 座已入住的 1 格圍欄得 1 點保育點數",
            ),
        ),
        212: _continent_expert(
            "Australia",
            "澳洲",
            (
                "lasting",
                "for each Australia icon you play, you may tuck 1 hand card under this card for 2 appeal",
                "你每打出 1 個澳洲圖示，可以把 1 張手牌收到這張牌下，得 2 點吸引力",
            ),
        ),
        213: _continent_expert(
            "Asia",
            "亞洲",
            (
                "lasting",
                "a free pavilion for each Asia icon you play",
                "你每打出 1 個亞洲圖示，免費蓋 1 座涼亭",
            ),
        ),
        214: (
            *_continent_expert(
                "Africa",
                "非洲",
                (
                    "lasting",
                    "for each Africa icon you play, move one action card to slot 1",
                    "你每打出 1 個非洲圖示，把 1 張行動卡移到第 1 格",
                ),
            ),
            ("end", "1 appeal per X-token", "每個 X 標記得 1 點吸引力"),
        ),
        215: (_WILD_TOKEN, _FIVE_SUPPORTS),
        216: (("now", "+1 association worker", "+1 位協會工作人員"), _REPUTATION_NINE),
        217: (
            (
                "lasting",
                "each Build action may place a second building of a kind it already placed",
                "每次建造行動可以多蓋 1 座已蓋過的同種建築",
            ),
            _FULL_MAP,
        ),
        218: (_WILD_TOKEN, _FIVE_SUPPORTS),
        219: (
            (
                "now",
                "2 money per water icon and per rock icon in your zoo",
                "動物園裡每個水域圖示和岩石圖示各得 2 元",
            ),
            (
                "lasting",
                "you may build on rock and water spaces, and your animals need no rock or water spaces",
                "可以蓋在岩石和水域格上，你的動物也不需要挨著岩石或水域",
            ),
            (
                "end",
                "2 appeal per pair of a water and a rock icon, at most 3 pairs",
                "每對水域加岩石圖示得 2 點吸引力，最多 3 對",
            ),
        ),
        220: (("now", "+3 money", "+3 元"), ("income", "+3 money", "+3 元"), _REPUTATION_NINE),
        221: (
            (
                "lasting",
                "taking the placement bonus of a border space also gives one more placement bonus of your choice",
                "拿到邊界格的放置獎勵時，再拿 1 個任選的放置獎勵",
            ),
            ("end", "1 CP with every border space covered", "邊界格全部蓋滿得 1 點保育點數"),
        ),
        222: (
            (
                "now",
                f"1 CP per research icon in your zoo; {_SHARED_CP[0]}",
                f"動物園裡每個研究圖示得 1 點保育點數；{_SHARED_CP[1]}",
            ),
        ),
        223: (),
        224: (
            _ONE_X,
            (
                "lasting",
                "+1 CP whenever you support a release-into-the-wild project, and you may support each of them more than once",
                "你每支持 1 個野放保育計畫再得 1 點保育點數，而且每個野放計畫都可以支持不只一次",
            ),
        ),
        225: (
            _ONE_X,
            (
                "lasting",
                "venom, constriction, hypnosis and pilfering no longer affect you",
                "毒液、纏繞、催眠和偷竊對你不再有效",
            ),
            _FIVE_CONTINENTS,
        ),
        226: (("now", "+2 reputation", "+2 聲望"), _FIVE_CONTINENTS),
        227: (
            (
                "now",
                "choose small or large animals, then turn up deck cards until one of that kind comes and take it into your hand",
                "選小型或大型動物，再從牌庫翻牌，翻到第一張所選種類的動物就加入手牌",
            ),
            (
                "lasting",
                "you may no longer play animals of the other kind; each animal of the chosen kind you play gives 2 appeal if small, 4 if large",
                "你不能再打出另一種動物；每打出 1 隻所選種類的動物，小型得 2 點吸引力，大型得 4 點",
            ),
        ),
        228: (
            ("now", "2 money per small animal in your zoo", "動物園裡每隻小型動物得 2 元"),
            (
                "lasting",
                "an Animals action that plays only small animals may play one more, and you take 1 card from the display, as printed",
                "只打出小型動物的動物行動可以再打出 1 隻，並從展示區拿 1 張牌（照卡上）",
            ),
        ),
        229: (
            ("now", "1 appeal per small animal in your zoo", "動物園裡每隻小型動物得 1 點吸引力"),
            ("lasting", "small animals cost you 3 money less", "你打出小型動物少付 3 元"),
        ),
        230: (
            ("now", "2 appeal per large animal in your zoo", "動物園裡每隻大型動物得 2 點吸引力"),
            ("lasting", "large animals cost you 4 money less", "你打出大型動物少付 4 元"),
        ),
        231: _icon_sponsor("primate", "靈長類"),
        232: _icon_sponsor("reptile", "爬蟲類"),
        233: _icon_sponsor("bird", "鳥類"),
        234: _icon_sponsor("predator", "掠食動物"),
        235: _icon_sponsor("herbivore", "草食動物"),
        236: _watcher("primate", "靈長類"),
        237: _watcher("reptile", "爬蟲類"),
        238: _watcher("bird", "鳥類"),
        239: _watcher("predator", "掠食動物"),
        240: _watcher("herbivore", "草食動物"),
        241: (
            ("now", "1 appeal per water icon in your zoo", "動物園裡每個水域圖示得 1 點吸引力"),
            (
                "lasting",
                "1 money for each space you cover next to water",
                "你每蓋住 1 個挨著水域的格子得 1 元",
            ),
            (
                "end",
                "1 CP with every water space next to a building",
                "水域格全部挨著建築得 1 點保育點數",
            ),
        ),
        242: (
            (
                "now",
                "3 appeal per 2 rock icons in your zoo",
                "動物園裡每 2 個岩石圖示得 3 點吸引力",
            ),
            (
                "lasting",
                "1 money for each space you cover next to rock",
                "你每蓋住 1 個挨著岩石的格子得 1 元",
            ),
            (
                "end",
                "1 CP with every rock space next to a building",
                "岩石格全部挨著建築得 1 點保育點數",
            ),
        ),
        243: _exhibit("herbivore", "草食動物", "1 rock space", "1 個岩石格"),
        244: _exhibit("bird", "鳥類", "1 water space", "1 個水域格"),
        245: _exhibit("water", "水域", "2 water spaces", "2 個水域格"),
        246: _exhibit("rock", "岩石", "2 rock spaces", "2 個岩石格"),
        247: _exhibit("primate", "靈長類", "1 rock space", "1 個岩石格"),
        248: (
            _tile("anywhere it fits", ""),
            (
                "lasting",
                "+1 X-token for each primate icon you play",
                "你每打出 1 個靈長類圖示，+1 個 X 標記",
            ),
        ),
        249: (
            _tile("anywhere it fits", ""),
            (
                "lasting",
                "for each bird icon you play, draw 2 cards and keep 1",
                "你每打出 1 個鳥類圖示，抽 2 張牌留 1 張",
            ),
        ),
        250: (
            _tile("beside at least 1 water space", "，至少挨著 1 個水域格"),
            (
                "lasting",
                "for each reptile icon you play, you may sell up to 2 hand cards for 4 money each",
                "你每打出 1 個爬蟲類圖示，可以賣掉最多 2 張手牌，每張 4 元",
            ),
        ),
        251: (
            _tile("beside at least 1 water space", "，至少挨著 1 個水域格"),
            (
                "lasting",
                "+2 appeal whenever any zoo plays a bear icon",
                "任何動物園每打出 1 個熊圖示，你得 2 點吸引力",
            ),
            (
                "end",
                "1 CP with 3 bear icons, 2 CP with 6",
                "有 3 個熊圖示得 1 點保育點數，有 6 個得 2 點",
            ),
        ),
        252: (
            _tile("beside at least 1 rock space", "，至少挨著 1 個岩石格"),
            (
                "lasting",
                "for each predator icon you play, turn up as many cards as your predator icons and take 1 animal among them into your hand",
                "你每打出 1 個掠食動物圖示，翻開和你掠食動物圖示一樣多的牌，從中拿 1 張動物加入手牌",
            ),
        ),
        253: (
            _tile("anywhere it fits", ""),
            (
                "lasting",
                "up to 3 times, playing a herbivore icon lets you play a sponsor card for money equal to its level",
                "最多 3 次：打出草食動物圖示時，可以付和等級一樣多的錢打出 1 張贊助卡",
            ),
        ),
        254: (
            _tile("on at least 2 border spaces", "，至少蓋住 2 個邊界格"),
            (
                "now",
                "take 1 card from the deck or within reputation range; +1 reputation and +1 CP",
                "從牌庫或聲望範圍內拿 1 張牌；+1 聲望、+1 保育點數",
            ),
        ),
        255: (
            _tile("beside at least 1 rock space", "，至少挨著 1 個岩石格"),
            ("now", "+4 appeal", "+4 點吸引力"),
        ),
        256: (
            _tile("beside at least 1 water space", "，至少挨著 1 個水域格"),
            ("now", "+4 appeal", "+4 點吸引力"),
        ),
        257: (
            _tile(
                "on 2 border spaces, touching no other building if you like",
                "，蓋住 2 個邊界格，不必挨著其他建築",
            ),
            (
                "income",
                "2 money per building next to it, empty standard enclosures not counted",
                "旁邊每座建築得 2 元，空的一般圍欄不算",
            ),
            _FULL_MAP,
        ),
        258: _native("water", "水域"),
        259: _native("rock", "岩石"),
        260: (
            (
                "now",
                "1 appeal per border space without a building that is next to one",
                "每個沒有建築、但挨著建築的邊界格得 1 點吸引力",
            ),
            (
                "end",
                "1 CP per 6 building spaces without a building",
                "每 6 個沒有建築的建築格得 1 點保育點數",
            ),
        ),
        261: (("now", "+1 appeal and +1 CP", "+1 點吸引力、+1 保育點數"), _FIVE_CATEGORIES),
        262: (
            (
                "now",
                "2 money per different continent and animal category icon in your zoo",
                "動物園裡每種不同的大陸和動物類別圖示得 2 元",
            ),
            (
                "lasting",
                "each continent or category icon new to your zoo gives 1 appeal and 2 money",
                "動物園每多 1 種新的大陸或動物類別圖示，得 1 點吸引力和 2 元",
            ),
        ),
        263: (
            ("now", "build a size-5 standard enclosure for free", "免費蓋 1 座 5 格一般圍欄"),
            (
                "lasting",
                "playing a large animal, you may ignore one of its conditions",
                "打出大型動物時，可以不管它的 1 個條件",
            ),
        ),
        264: (
            (
                "now",
                "1 appeal per placement-bonus space next to a building",
                "每個挨著建築的放置獎勵格得 1 點吸引力",
            ),
            (
                "end",
                "1 CP per 2 placement-bonus spaces with no building next to them",
                "每 2 個旁邊沒有建築的放置獎勵格得 1 點保育點數",
            ),
        ),
    }
)
"""Sponsor number -> what it does, one clause per timing, in both languages."""


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == ZH else pair[0]


def sponsor_words(number: int, lang: str = "en") -> str:
    """A sponsor's clauses with their timings, e.g. ``when played: +3 money; at each break:
    +3 money``; ``""`` for a card with none."""
    sep, colon = ("；", "：") if lang == ZH else ("; ", ": ")
    return sep.join(
        f"{_pick(TIMINGS[timing], lang)}{colon}{_pick((en, zh), lang)}"
        for timing, en, zh in SPONSOR_WORDS.get(number, ())
    )


def has_income(number: int) -> bool:
    """The sponsor gives something at each break."""
    return any(timing == "income" for timing, _, _ in SPONSOR_WORDS.get(number, ()))


KINDS: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "africa": ("Africa", "非洲"),
        "americas": ("Americas", "美洲"),
        "asia": ("Asia", "亞洲"),
        "australia": ("Australia", "澳洲"),
        "europe": ("Europe", "歐洲"),
        "bird": ("bird", "鳥類"),
        "herbivore": ("herbivore", "草食動物"),
        "predator": ("predator", "掠食動物"),
        "primate": ("primate", "靈長類"),
        "reptile": ("reptile", "爬蟲類"),
        "water": ("water", "水域"),
        "rock": ("rock", "岩石"),
        "research": ("research", "研究"),
    }
)
"""The icon kinds the projects count, in both languages."""

COUNTED: Mapping[str, tuple[str, str]] = MappingProxyType(
    {
        "different category icons": ("different animal category icons", "種不同的動物類別圖示"),
        "different continent icons": ("different continent icons", "種不同的大陸圖示"),
        "small animals": ("small animals", "隻小型動物"),
        "large animals": ("large animals", "隻大型動物"),
    }
)


def _levels(values: tuple[int, ...], lang: str) -> str:
    return ("／" if lang == ZH else " / ").join(str(v) for v in values)


def project_words(project: Project, lang: str = "en") -> str:
    """A conservation project's three levels, best first, from its data: what the zoo must
    show (or release, or breed) and what each level gives."""
    need = tuple(t for t, _ in project.levels)
    cp = tuple(c for _, c in project.levels)
    kind, _, what = project.counts.partition(": ")
    if kind == "release":
        name = _pick(KINDS[what], lang)
        continent = what in CONTINENTS
        if lang == ZH:
            animal = f"有{name}圖示的動物" if continent else name
            return (
                f"從 4 格以上／3 格／1–2 格的一般圍欄野放 1 隻{animal}：{_levels(cp, lang)} "
                "點保育點數，再 +1 聲望；吸引力減去牠的吸引力，那座圍欄翻回空的一面"
            )
        animal = f"an animal showing the {name} icon" if continent else f"a {name}"
        return (
            f"release {animal} from a standard enclosure of size 4 or more / 3 / 1-2: "
            f"{_levels(cp, lang)} CP and +1 reputation; your appeal drops by the animal's "
            "appeal and its enclosure turns back to empty"
        )
    if kind == "breeding":
        name = _pick(KINDS[what], lang)
        rewards = [
            " + ".join(p for p in (f"{c} CP" if c else "", f"{r} reputation" if r else "") if p)
            for c, r in BREEDING
        ]
        if lang == ZH:
            rewards = [
                "、".join(
                    p for p in (f"{c} 點保育點數" if c else "", f"{r} 聲望" if r else "") if p
                )
                for c, r in BREEDING
            ]
            return f"1 隻{name}，加上牠所屬大陸的合作動物園：{'／'.join(rewards)}"
        return f"a {name} and a partner zoo on its continent: {' / '.join(rewards)}"
    if project.counts in COUNTED:
        en, zh = COUNTED[project.counts]
    else:
        icon = project.counts.removesuffix(" icons")
        en, zh = f"{_pick(KINDS[icon], 'en')} icons", f"個{KINDS[icon][1]}圖示"
    if lang == ZH:
        return f"動物園裡有 {_levels(need, lang)} {zh}：{_levels(cp, lang)} 點保育點數"
    return f"{_levels(need, lang)} {en} in your zoo: {_levels(cp, lang)} CP"


PROJECT_WORDS: Mapping[int, tuple[str, str]] = MappingProxyType(
    {n: (project_words(p), project_words(p, ZH)) for n, p in PROJECTS.items()}
)
"""Project number -> its words (English, Traditional Chinese)."""
