#!/usr/bin/env python3
"""
Held-out test set for a missing-person NAME SEARCH used by immigrant communities in California.

    python3 generate.py          # writes records.json + queries.json, then verifies them

Deterministic (fixed SEED, standard library only, no set-iteration-order dependence).
Name lists live in names_data.py.

How "each named query identifies exactly ONE record" is enforced
-----------------------------------------------------------------
Every record is split into name components (given names, middle names, surnames).  Each component
carries the set of Latin spellings that mean the same thing: accents removed, particles optional
("De la Rosa" = "delarosa" = "rosa"), romanizations of Chinese / Korean / Gurmukhi / Devanagari,
Arabic spelling variants ...

A deliberately GENEROUS matcher (Matcher.fits) decides whether a query fits a record: every query
word - or a run of up to 3 words glued together ("mei ling" -> "meiling") - must match a DIFFERENT
component of the record, where "match" is any of
    equal | same phonetic key (b/v, s/z/c, ll/y, silent h, j/g, qu/k, ph/f, ee/i, oo/u, -ian/-yan)
    | within 1 edit (2 edits for 8+ letters) | known spelling variant | nickname <-> formal name
    | (prefix queries only) a prefix of 3+ letters.
Particles (de, del, la, los, y, al, el ...) in the query may be ignored.  A named query is kept only
if its target is the ONLY record that fits; an absent query (expect null) only if NO record fits.
Because the matcher is more lenient than any single query kind needs, "no other record would equally
fit" holds with margin.
"""
import json
import os
import random
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from itertools import product

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import names_data as D  # noqa: E402

SEED = 20240917
HERE = os.path.dirname(os.path.abspath(__file__))
N_RECORDS = 1000
QUOTA = {  # queries per kind (12 named kinds x 32, absent 68 = 15%)
    "script": 32, "vietnamese": 32, "nickname": 32, "particle": 32, "compound": 32, "typo2": 32,
    "one-surname": 32, "phonetic": 32, "prefix": 32, "typo1": 32, "order": 32, "exact": 32,
    "absent": 68,
}
KIND_ORDER = ["exact", "order", "prefix", "one-surname", "particle", "compound", "typo1", "typo2",
              "phonetic", "nickname", "script", "vietnamese", "absent"]

# =============================================================================== text helpers
PARTICLES = {"de", "del", "dela", "delos", "la", "las", "los", "y", "e", "al", "el", "da", "der", "ter"}


def _latin_char(c):
    o = ord(c)
    return o < 0x250 or 0x1E00 <= o <= 0x1EFF or 0x300 <= o <= 0x36F or 0x2000 <= o <= 0x206F


def deaccent(s):
    """Remove accents / Vietnamese tone marks from Latin letters only (Indic/Hangul left intact)."""
    out = []
    for ch in s:
        if ch in "đĐ":
            out.append("d" if ch == "đ" else "D")
        elif _latin_char(ch):
            out.append("".join(c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c)))
        else:
            out.append(ch)
    return unicodedata.normalize("NFC", "".join(out))


def norm(s):
    return re.sub(r"\s+", " ", deaccent(unicodedata.normalize("NFC", s)).lower()).strip()


def words(s):
    """Query/record text -> normalized words (hyphens, commas, periods, apostrophes split words)."""
    return [w for w in re.split(r"[\s\-.,'’]+", norm(s)) if w]


def squash(s):
    return "".join(words(s))


def is_latin(s):
    return all(_latin_char(c) for c in s)


def name_key(name):
    """Record uniqueness key: lowercase, no accents, no spaces/punctuation."""
    return squash(name)


def wlist(spec):
    out = []
    for item in spec.split():
        name, _, w = item.partition(":")
        out.append((name.replace("_", " "), int(w) if w else 1))
    return out


def wpick(r, wl):
    x = r.random() * sum(w for _, w in wl)
    for name, w in wl:
        x -= w
        if x < 0:
            return name
    return wl[-1][0]


def cap(s):
    return s[:1].upper() + s[1:]


# =============================================================================== phonetic key
_CLASS_OF = {}  # normalized spelling -> representative


def _build_classes():
    parent = {}

    def find(x):
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x
    for cls in D.VARIANT_CLASSES:
        keys = [squash(v) for v in cls]
        for k in keys[1:]:
            a, b = find(keys[0]), find(k)
            if a != b:
                parent[max(a, b)] = min(a, b)
    for k in sorted(parent):
        _CLASS_OF[k] = find(k)


_build_classes()


def canon(s):
    s = _CLASS_OF.get(s, s)
    m = re.match(r"^(abdul|abdel|abdal|abdi)(\w{4,})$", s)
    if m:
        s = "abd" + m.group(2)
    return s


def pkey(s):
    """Phonetic key: spellings a relative might produce by ear map to the same key."""
    s = canon(s)
    s = s.replace("ph", "f")
    s = re.sub(r"qu(?=[ei])", "k", s).replace("qu", "k")
    s = re.sub(r"gu(?=[ei])", "g", s)
    s = re.sub(r"g(?=[ei])", "j", s)
    s = re.sub(r"c(?=[eiy])", "s", s)
    s = s.replace("ch", "1").replace("sh", "2")
    s = s.replace("c", "k").replace("z", "s").replace("v", "b")
    s = s.replace("ll", "y").replace("h", "")
    s = s.replace("ee", "i").replace("oo", "u").replace("ou", "u").replace("y", "i")
    return re.sub(r"(.)\1+", r"\1", s)


def osa(a, b, cap_=3):
    """Optimal-string-alignment (Damerau) distance, capped."""
    if abs(len(a) - len(b)) > cap_:
        return cap_ + 1
    prev2, prev = None, list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        cur = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            v = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                v = min(v, prev2[j - 2] + 1)
            cur[j] = v
        prev2, prev = prev, cur
    return prev[-1]


def edit_allowance(a, b):
    m = max(len(a), len(b))
    return 2 if m >= 8 else 1 if m >= 4 else 0


def deletes(s, k=2):
    out, frontier = {s}, {s}
    for _ in range(k):
        nxt = set()
        for w in frontier:
            for i in range(len(w)):
                nxt.add(w[:i] + w[i + 1:])
        out |= nxt
        frontier = nxt
    return out


# Arabic/Somali/Persian spelling classes (the Korean surname classes start at ["Lee", ...])
ARABIC_CLASSES = D.VARIANT_CLASSES[:[c[0] for c in D.VARIANT_CLASSES].index("Lee")]

# nicknames (normalized)
NICK2FORMAL, FORMAL2NICK = defaultdict(set), defaultdict(set)
for _formal, _nicks in D.NICKNAMES.items():
    for _n in _nicks:
        NICK2FORMAL[squash(_n)].add(squash(_formal))
        FORMAL2NICK[squash(_formal)].add(squash(_n))

# =============================================================================== script tables
HAN_READ = {}      # character (simplified or traditional) -> sorted readings
HAN_SUR_READ = {}
for simp, (trad, py, ct, wg) in D.HAN_CHARS.items():
    HAN_READ[simp] = HAN_READ[trad] = sorted({py, ct, wg})
for simp, trad, py, cts, wg, _w in D.HAN_SUR:
    HAN_SUR_READ[simp] = HAN_SUR_READ[trad] = sorted({py, wg, *cts})
HANGUL_SUR_READ = {h: [squash(x) for x in sp] for h, sp, _w in D.KO_SUR}
INDIC_READ = {}
for table in (D.PA_GIVEN, D.PA_CLAN, D.HI_GIVEN_M, D.HI_GIVEN_F, D.HI_SUR):
    for k, v in table.items():
        INDIC_READ[k] = [squash(x) for x in v]
for k, v in (D.PA_SINGH, D.PA_KAUR):
    INDIC_READ[k] = [squash(x) for x in v]


def _is_han(c):
    return "\u4e00" <= c <= "\u9fff"


def _is_hangul(c):
    return "\uac00" <= c <= "\ud7a3"


def word_variants(w):
    """One query word -> list of token lists (Latin words map to themselves)."""
    if is_latin(w):
        return [[w]]
    if all(_is_han(c) for c in w):
        sur = HAN_SUR_READ.get(w[0]) or HAN_READ[w[0]]
        if len(w) == 1:
            return [[s] for s in sur]
        giv = ["".join(p) for p in product(*[HAN_READ[c] for c in w[1:]])]
        return [[s, g] for s in sur for g in giv]
    if all(_is_hangul(c) for c in w):
        sur = HANGUL_SUR_READ[w[0]]
        giv = ["".join(p) for p in product(*[D.KO_SYL[c] for c in w[1:]])]
        return [[s, g] for s in sur for g in giv]
    return [[v] for v in INDIC_READ[w]]


def query_variants(q):
    per_word = [word_variants(w) for w in words(q)]
    return [sum(combo, []) for combo in product(*per_word)]


# =============================================================================== components
def comp(text, role, alts=None, **extra):
    """A name component.  text = as written in the record; alts = Latin spellings that mean the same."""
    if alts is None:
        ws = words(text)
        alts = {"".join(ws)}
        core = ws[:]
        while len(core) > 1 and core[0] in PARTICLES:
            core = core[1:]
        alts.add("".join(core))
        if ws == ["ma"]:  # Filipino "Ma." = María
            alts.add("maria")
    c = {"text": text, "role": role, "alts": set(alts)}
    c.update(extra)
    return c


def particle_comp(parts, core, display, role="sur", extra_alts=()):
    alts = {squash(parts + core), squash(core), *extra_alts}
    return comp(display, role, alts=alts, parts=(parts, core))


def split_given(text):
    """'María de los Ángeles' -> ['María', 'de los Ángeles']  (particles stick to the next word)."""
    out, pending = [], []
    for w in text.split():
        if norm(w) in PARTICLES:
            pending.append(w)
        else:
            out.append(" ".join(pending + [w]))
            pending = []
    return out


def make_record(group, script, order, comps, name, female, **extra):
    rec = {"group": group, "script": script, "order": order, "comps": comps, "name": name,
           "female": female}
    rec.update(extra)
    return rec


def roles(rec, *rs):
    return [c for c in rec["comps"] if c["role"] in rs]


def main_surname(rec):
    """The surname relatives type first: the paternal (first) one, except Filipinos, whose first
    'surname' is the mother's maiden name used as a middle name."""
    surs = roles(rec, "sur")
    return surs[-1] if rec["group"] == "Filipino" else surs[0]


def other_surname(rec):
    surs = roles(rec, "sur")
    return surs[0] if rec["group"] == "Filipino" else surs[-1]


# =============================================================================== record generators
class Gen:
    def __init__(self, r):
        self.r = r
        self.en_queue = {"m": ["William", "Robert"], "f": ["Margaret", "Elizabeth"]}
        W = wlist
        self.es_m, self.es_f = W(D.ES_M), W(D.ES_F)
        self.ca_m, self.ca_f = self.es_m + W(D.CA_M), self.es_f + W(D.CA_F)
        self.maya_m, self.maya_f = W(D.MAYA_M), W(D.MAYA_F)
        self.sur = {"mx": W(D.MX_SUR), "sv": W(D.SV_SUR), "hn": W(D.HN_SUR), "gt": W(D.GT_SUR),
                    "maya": W(D.MAYA_SUR)}

    # ------------------------------------------------------------------ helpers
    def english(self, female):
        q = self.en_queue["f" if female else "m"]
        if q:
            return q.pop(0)
        return self.r.choice((D.EN_F if female else D.EN_M).split())

    def es_particle_display(self, parts, core):
        r = self.r
        style = wpick(r, [("low", 3), ("cap", 3), ("caps", 2), ("joined", 1)])
        if style == "low":
            return f"{parts} {core}"
        if style == "cap":
            return f"{cap(parts)} {core}"
        if style == "caps":
            return " ".join(cap(p) for p in parts.split()) + " " + core
        return cap(squash(parts + core))

    def hisp_surname(self, region, maya_p=0.0):
        r = self.r
        if region == "maya" and r.random() < maya_p:
            return comp(wpick(r, self.sur["maya"]), "sur")
        src = "gt" if region == "maya" else region
        p_part = 0.09 if src == "mx" else 0.04
        if r.random() < p_part:
            parts, core = r.choice(D.PARTICLE_MX if src == "mx" else D.PARTICLE_CA)
            return particle_comp(parts, core, self.es_particle_display(parts, core))
        return comp(wpick(r, self.sur[src]), "sur")

    # ------------------------------------------------------------------ Hispanic
    def hispanic(self, region):
        r = self.r
        female = r.random() < 0.5
        if region == "mx":
            gl = self.es_f if female else self.es_m
        elif region == "maya":
            gl = self.maya_f if female else self.maya_m
        else:
            gl = self.ca_f if female else self.ca_m
        gtext = wpick(r, gl)
        givens = [comp(t, "given") for t in split_given(gtext)]
        s1 = self.hisp_surname(region, 0.75)
        s2 = self.hisp_surname(region, 0.6)
        while squash(s2["text"]) == squash(s1["text"]) or s2["alts"] & s1["alts"]:
            s2 = self.hisp_surname(region, 0.6)
        p_two = {"mx": 0.55, "maya": 0.85}.get(region, 0.7)
        x = r.random()
        plain = "parts" not in s1 and "parts" not in s2
        if female and x < 0.10 and "parts" not in s2:  # married name: "Carmen Ruiz de Ortega"
            h = particle_comp("de", s2["text"], "de " + s2["text"])
            surs, sur_str, extra = [s1, h], f"{s1['text']} de {s2['text']}", {"married": True}
        elif x < 0.10 + p_two * 0.82:
            surs, sur_str, extra = [s1, s2], f"{s1['text']} {s2['text']}", {}
        elif plain and x < 0.10 + p_two * 0.95:
            surs, sur_str, extra = [s1, s2], f"{s1['text']}-{s2['text']}", {"hyphen": True}
        elif plain and x < 0.10 + p_two:
            surs, sur_str, extra = [s1, s2], f"{s1['text']} y {s2['text']}", {"y": True}
        else:
            surs, sur_str, extra = [s1], s1["text"], {}
        given_str = " ".join(c["text"] for c in givens)
        grp = {"mx": "Mexican", "sv": "Salvadoran", "hn": "Honduran", "gt": "Guatemalan",
               "maya": "Guatemalan Maya"}[region]
        return make_record(grp, "latin", "given_first", givens + surs, f"{given_str} {sur_str}", female,
                           given_str=given_str, sur_str=sur_str, city_key="maya" if region == "maya"
                           else ("mx" if region == "mx" else "ca"), **extra)

    # ------------------------------------------------------------------ Filipino
    def filipino(self):
        r = self.r
        female = r.random() < 0.5
        gtext = wpick(r, wlist(D.FIL_F if female else D.FIL_M))
        if r.random() < 0.08:
            gtext = self.english(female)
        givens = [comp(t, "given") for t in gtext.split()]

        def sur():
            if r.random() < 0.16:
                parts, core, displays = r.choice(D.PARTICLE_FIL)
                return particle_comp(parts, core, r.choice(displays))
            return comp(wpick(r, wlist(D.FIL_SUR)), "sur")
        last = sur()
        surs = [last]
        if r.random() < 0.5:  # mother's maiden name as middle name
            mid = sur()
            while mid["alts"] & last["alts"]:
                mid = sur()
            surs = [mid, last]
        given_str = " ".join(c["text"] for c in givens)
        sur_str = " ".join(c["text"] for c in surs)
        return make_record("Filipino", "latin", "given_first", givens + surs, f"{given_str} {sur_str}",
                           female, given_str=given_str, sur_str=sur_str, city_key="ph")

    # ------------------------------------------------------------------ Vietnamese
    def vietnamese(self):
        r = self.r
        female = r.random() < 0.5
        fam = comp(wpick(r, wlist(D.VN_SUR)), "sur")
        mids_wl = wlist(D.VN_MID_F if female else D.VN_MID_M)
        giv = comp(r.choice((D.VN_GIV_F if female else D.VN_GIV_M).split()), "given")
        x = r.random()
        n_mid = 0 if x < 0.08 else 2 if x < 0.22 else 1
        mids = []
        if n_mid == 2:   # "Thị Kim", "Văn Minh": the usual middle name first, then a second one
            mids.append(mids_wl[0][0])
        while len(mids) < n_mid:
            m = wpick(r, mids_wl[1:] if mids else mids_wl)
            if m not in mids and m != giv["text"]:
                mids.append(m)
        mids = [comp(m, "middle") for m in mids]
        given_str = " ".join(c["text"] for c in mids + [giv])
        return make_record("Vietnamese", "latin", "family_first", [fam] + mids + [giv],
                           f"{fam['text']} {given_str}", female, given_str=given_str, sur_str=fam["text"],
                           city_key="vn")

    # ------------------------------------------------------------------ Chinese
    def chinese(self, style):
        r = self.r
        wl = [(i, row[5]) for i, row in enumerate(D.HAN_SUR)]
        simp, trad, py, cts, wg, _w = D.HAN_SUR[wpick(r, wl)]
        given = r.choice(D.HAN_GIVEN)
        g_trad = "".join(D.HAN_CHARS[c][0] for c in given)
        syl = {"pinyin": [D.HAN_CHARS[c][1] for c in given], "canto": [D.HAN_CHARS[c][2] for c in given],
               "wg": [D.HAN_CHARS[c][3] for c in given]}
        sur_alts = {py, wg, *cts}
        giv_alts = {"".join(p) for p in product(*[HAN_READ[c] for c in given])}
        info = dict(hans=simp + given, hant=trad + g_trad, syl=syl,
                    sur_latin={"pinyin": py, "canto": cts[0], "wg": wg})
        female = r.random() < 0.5
        if style in ("hans", "hant"):
            sur_c = comp(simp if style == "hans" else trad, "sur", alts=sur_alts)
            giv_c = comp(given if style == "hans" else g_trad, "given", alts=giv_alts)
            name = (simp + given) if style == "hans" else (trad + g_trad)
            return make_record("Chinese", style, "family_first", [sur_c, giv_c], name, female,
                               zh=info, city_key="zh")
        if style == "english":
            stext = cap(cts[0])
            gtext = self.english(female)
            giv_c = comp(gtext, "given")
            sur_c = comp(stext, "sur", alts=sur_alts)
            return make_record("Chinese", "latin", "given_first", [giv_c, sur_c], f"{gtext} {stext}", female,
                               given_str=gtext, sur_str=stext, city_key="zh", zh_style=style)
        if style == "pinyin":
            stext, gtext = cap(py), cap("".join(syl["pinyin"]))
        elif style == "canto":
            sep = r.choice([" ", " ", "-"])
            stext = cap(cts[0])
            gtext = sep.join(cap(s) if (i == 0 or sep == " ") else s for i, s in enumerate(syl["canto"]))
        else:  # Taiwan / Wade-Giles
            stext = cap(wg)
            gtext = "-".join(cap(s) if i == 0 else s for i, s in enumerate(syl["wg"]))
        sur_c = comp(stext, "sur", alts=sur_alts)
        giv_c = comp(gtext, "given", alts=giv_alts)
        fam_first = r.random() < {"pinyin": 0.6, "canto": 0.7, "wg": 0.5}[style]
        name = f"{stext} {gtext}" if fam_first else f"{gtext} {stext}"
        comps = [sur_c, giv_c] if fam_first else [giv_c, sur_c]
        return make_record("Chinese", "latin", "family_first" if fam_first else "given_first", comps, name,
                           female, given_str=gtext, sur_str=stext, zh=info, zh_style=style, city_key="zh")

    # ------------------------------------------------------------------ Korean
    def korean(self, style):
        r = self.r
        hsur, spell, _w = D.KO_SUR[wpick(r, [(i, row[2]) for i, row in enumerate(D.KO_SUR)])]
        hgiv = r.choice(D.KO_GIVEN)
        syl = [D.KO_SYL[c] for c in hgiv]
        sur_alts = {squash(s) for s in spell}
        giv_alts = {"".join(p) for p in product(*syl)}
        female = r.random() < 0.5
        info = dict(hangul=hsur + hgiv, sur_spell=spell, syl=syl)
        if style == "hangul":
            return make_record("Korean", "hangul", "family_first",
                               [comp(hsur, "sur", alts=sur_alts), comp(hgiv, "given", alts=giv_alts)],
                               hsur + hgiv, female, ko=info, city_key="ko")
        stext = spell[0] if r.random() < 0.75 else r.choice(spell)
        if style == "english":
            gtext = self.english(female)
            gc = comp(gtext, "given")
            sc = comp(stext, "sur", alts=sur_alts)
            return make_record("Korean", "latin", "given_first", [gc, sc], f"{gtext} {stext}", female,
                               given_str=gtext, sur_str=stext, city_key="ko")
        parts = [s[0] if r.random() < 0.7 else r.choice(s) for s in syl]
        sep = wpick(r, [("-", 2), ("", 1), (" ", 1)])
        gtext = sep.join(cap(p) if (i == 0 or sep == " ") else p for i, p in enumerate(parts))
        gc = comp(gtext, "given", alts=giv_alts)
        sc = comp(stext, "sur", alts=sur_alts)
        fam_first = r.random() < 0.55
        name = f"{stext} {gtext}" if fam_first else f"{gtext} {stext}"
        return make_record("Korean", "latin", "family_first" if fam_first else "given_first",
                           [sc, gc] if fam_first else [gc, sc], name, female, given_str=gtext, sur_str=stext,
                           ko=info, city_key="ko")

    # ------------------------------------------------------------------ Punjabi Sikh
    def punjabi(self, style):
        r = self.r
        female = r.random() < 0.5
        pool = [g for g in D.PA_GIVEN if g not in (D.PA_MALE_ONLY if female else D.PA_FEMALE_ONLY)]
        g = r.choice(pool)
        parts = [(g, D.PA_GIVEN[g], "given")]
        x = r.random()
        sk = D.PA_KAUR if female else D.PA_SINGH
        clan = r.choice(list(D.PA_CLAN))
        if x < 0.40:
            parts += [(sk[0], sk[1], "sur")]
        elif x < 0.88:
            parts += [(sk[0], sk[1], "sur"), (clan, D.PA_CLAN[clan], "sur")]
        else:
            parts += [(clan, D.PA_CLAN[clan], "sur")]
        comps, shown = [], []
        for script_word, spellings, role in parts:
            alts = {squash(s) for s in spellings}
            if style == "guru":
                text = script_word
            else:
                text = spellings[0] if r.random() < 0.8 else r.choice(spellings)
            comps.append(comp(text, role, alts=alts, script_word=script_word, spellings=spellings))
            shown.append(text)
        name = " ".join(shown)
        return make_record("Punjabi Sikh", "guru" if style == "guru" else "latin", "given_first", comps, name,
                           female, given_str=shown[0], sur_str=" ".join(shown[1:]), city_key="pa")

    # ------------------------------------------------------------------ Hindi
    def hindi(self, style):
        r = self.r
        female = r.random() < 0.5
        gt = D.HI_GIVEN_F if female else D.HI_GIVEN_M
        g = r.choice(list(gt))
        s = r.choice(list(D.HI_SUR))
        comps, shown = [], []
        for script_word, spellings, role in [(g, gt[g], "given"), (s, D.HI_SUR[s], "sur")]:
            text = script_word if style == "deva" else (spellings[0] if r.random() < 0.8 else r.choice(spellings))
            comps.append(comp(text, role, alts={squash(x) for x in spellings}, script_word=script_word,
                              spellings=spellings))
            shown.append(text)
        return make_record("Hindi", "deva" if style == "deva" else "latin", "given_first", comps,
                           " ".join(shown), female, given_str=shown[0], sur_str=shown[1], city_key="hi")

    # ------------------------------------------------------------------ Arabic
    def arabic(self):
        r = self.r
        female = r.random() < 0.45

        def given_name(fem):
            g = wpick(r, wlist(D.AR_F if fem else D.AR_M))
            if g == "ABD":
                core = r.choice(D.AR_ABD)
                disp = r.choice(D.AR_ABD_DISPLAY).format(core)
                alts = {"abdal" + squash(core), "abdul" + squash(core), "abdel" + squash(core), "abd" + squash(core)}
                return comp(disp, "given", alts=alts, abd=core)
            return comp(self.variant_spelling(g), "given")
        givens = [given_name(female)]
        if r.random() < 0.3:  # father's name
            fa = given_name(False)
            fa["role"] = "middle"
            givens.append(fa)
        s = wpick(r, wlist(D.AR_SUR))
        if s == "AL":
            p, core = r.choice(D.AR_AL)
            P = r.choice(["Al", "El"]) if r.random() < 0.3 else cap(p)
            disp = r.choice(D.AR_AL_DISPLAY).format(P=P, C=core, c=core.lower())
            sc = particle_comp(p, core, disp, extra_alts=("al" + squash(core), "el" + squash(core)))
        else:
            sc = comp(self.variant_spelling(s), "sur")
        given_str = " ".join(c["text"] for c in givens)
        return make_record("Arabic", "latin", "given_first", givens + [sc], f"{given_str} {sc['text']}", female,
                           given_str=given_str, sur_str=sc["text"], city_key="ar")

    def variant_spelling(self, base):
        """Pick a spelling for a name that belongs to a variant class (usually the first two)."""
        for cls in D.VARIANT_CLASSES:
            if cls[0] == base:
                opts = [v for v in cls if v[0] not in "CX" or base[0] in "CX"]
                return opts[0] if self.r.random() < 0.5 else self.r.choice(opts[:4])
        return base

    # ------------------------------------------------------------------ simple given-first groups
    def simple(self, group, male_spec, female_spec, sur_spec, city_key, particles=None, english_p=0.0):
        r = self.r
        female = r.random() < 0.5
        gtext = wpick(r, wlist(female_spec if female else male_spec))
        if english_p and r.random() < english_p:
            gtext = self.english(female)
        givens = [comp(t, "given") for t in gtext.split()]
        if particles and r.random() < 0.08:
            p, core, disp = r.choice(particles)
            sc = particle_comp(p, core, disp)
        else:
            sc = comp(wpick(r, wlist(sur_spec)), "sur", )
            if group == "Hmong" and sc["text"] == "Lee":
                sc["alts"] |= {"ly"}
        given_str = " ".join(c["text"] for c in givens)
        return make_record(group, "latin", "given_first", givens + [sc], f"{given_str} {sc['text']}", female,
                           given_str=given_str, sur_str=sc["text"], city_key=city_key)

    def somali(self):
        r = self.r
        female = r.random() < 0.5
        g = comp(self.variant_spelling(wpick(r, wlist(D.SO_F if female else D.SO_M))), "given")
        fathers = D.SO_FATHER.split()
        f1 = r.choice(fathers)
        surs = [comp(f1, "sur")]
        if r.random() < 0.6:
            f2 = r.choice([x for x in fathers if x != f1])
            surs.append(comp(f2, "sur"))
        sur_str = " ".join(c["text"] for c in surs)
        return make_record("Somali", "latin", "given_first", [g] + surs, f"{g['text']} {sur_str}", female,
                           given_str=g["text"], sur_str=sur_str, city_key="so")


def build_records(r):
    gen = Gen(r)
    plan = ([("mx", None)] * 220 + [("sv", None)] * 70 + [("maya", None)] * 36 + [("gt", None)] * 24
            + [("hn", None)] * 40 + [("ph", None)] * 100 + [("vn", None)] * 100
            + [("zh", "hans")] * 28 + [("zh", "hant")] * 14 + [("zh", "pinyin")] * 16
            + [("zh", "canto")] * 7 + [("zh", "english")] * 7 + [("zh", "wg")] * 8
            + [("ko", "hangul")] * 28 + [("ko", "latin")] * 32 + [("ko", "english")] * 10
            + [("pa", "guru")] * 20 + [("pa", "latin")] * 30 + [("hi", "deva")] * 12 + [("hi", "latin")] * 18
            + [("ar", None)] * 45 + [("hy", None)] * 40 + [("hmong", None)] * 35 + [("fa", None)] * 25
            + [("so", None)] * 15 + [("uk", None)] * 20)
    assert len(plan) == N_RECORDS, len(plan)

    def one(kind, style):
        if kind in ("mx", "sv", "maya", "gt", "hn"):
            return gen.hispanic(kind)
        if kind == "ph":
            return gen.filipino()
        if kind == "vn":
            return gen.vietnamese()
        if kind == "zh":
            return gen.chinese(style)
        if kind == "ko":
            return gen.korean(style)
        if kind == "pa":
            return gen.punjabi(style)
        if kind == "hi":
            return gen.hindi(style)
        if kind == "ar":
            return gen.arabic()
        if kind == "so":
            return gen.somali()
        if kind == "hy":
            return gen.simple("Armenian", D.HY_M, D.HY_F, D.HY_SUR, "hy", particles=D.HY_PARTICLE)
        if kind == "hmong":
            return gen.simple("Hmong", D.HM_M, D.HM_F, D.HM_SUR, "hmong")
        if kind == "fa":
            return gen.simple("Persian", D.FA_M, D.FA_F, D.FA_SUR, "fa")
        if kind == "uk":
            return gen.simple("Ukrainian", D.UK_M, D.UK_F, D.UK_SUR, "uk")
        raise ValueError(kind)

    records, seen = [], set()
    for kind, style in plan:
        for _ in range(500):
            rec = one(kind, style)
            k = name_key(rec["name"])
            if k not in seen:
                break
        else:
            raise RuntimeError(f"could not make a unique {kind} name")
        seen.add(k)
        rec["city"] = r.choice([c.strip() for c in D.CITIES[rec["city_key"]].split("|")])
        records.append(rec)
    r.shuffle(records)
    for i, rec in enumerate(records):
        rec["id"] = f"h{i + 1:04d}"
    return records


# =============================================================================== matcher
class Matcher:
    def __init__(self, records):
        self.recs = records
        self.occ = defaultdict(list)  # alt spelling -> [(record index, component index)]
        for ri, rec in enumerate(records):
            for ci, c in enumerate(rec["comps"]):
                for a in sorted(c["alts"]):
                    self.occ[a].append((ri, ci))
        self.alts = sorted(self.occ)
        self.by_pkey = defaultdict(set)
        self.by_del = defaultdict(set)
        for a in self.alts:
            self.by_pkey[pkey(a)].add(a)
            for d in deletes(a, 2):
                self.by_del[d].add(a)
        self._cache = {}

    def group_alts(self, g, prefix):
        key = (g, prefix)
        if key in self._cache:
            return self._cache[key]
        res = set()
        if g in self.occ:
            res.add(g)
        res |= self.by_pkey.get(pkey(g), set())
        for f in sorted(NICK2FORMAL.get(g, set()) | FORMAL2NICK.get(g, set())):
            res |= self.by_pkey.get(pkey(f), set())
        cands = set()
        for d in deletes(g, 2):
            cands |= self.by_del.get(d, set())
        for a in cands:
            if a not in res:
                k = edit_allowance(g, a)
                if k and osa(g, a, k) <= k:
                    res.add(a)
        if prefix and len(g) >= 3:
            res |= {a for a in self.alts if a.startswith(g)}
        self._cache[key] = res
        return res

    def fits(self, q, kind="exact"):
        """Set of record indices that the query fits (see module docstring)."""
        prefix = kind == "prefix"
        result = set()
        for toks in query_variants(q):
            n = len(toks)
            per = defaultdict(lambda: defaultdict(set))
            for i in range(n):
                for j in range(i + 1, min(n, i + 3) + 1):
                    for a in self.group_alts("".join(toks[i:j]), prefix):
                        for ri, ci in self.occ[a]:
                            per[ri][(i, j)].add(ci)
            for ri, gm in per.items():
                if ri not in result and self._cover(toks, gm, 0, frozenset()):
                    result.add(ri)
        return result

    def _cover(self, toks, gm, i, used):
        if i == len(toks):
            return bool(used)
        if toks[i] in PARTICLES and self._cover(toks, gm, i + 1, used):
            return True
        for j in range(i + 1, min(len(toks), i + 3) + 1):
            for ci in gm.get((i, j), ()):
                if ci not in used and self._cover(toks, gm, j, used | {ci}):
                    return True
        return False


# =============================================================================== query helpers
ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
_OFFS = [0.0, 0.25, 0.75]
_POS = {ch: (ri, i + _OFFS[ri]) for ri, row in enumerate(ROWS) for i, ch in enumerate(row)}
NEIGH = {a: [b for b in ROWS[0] + ROWS[1] + ROWS[2] if b != a and (
    (_POS[a][0] == _POS[b][0] and abs(_POS[a][1] - _POS[b][1]) == 1) or
    (abs(_POS[a][0] - _POS[b][0]) == 1 and abs(_POS[a][1] - _POS[b][1]) <= 0.75))] for a in _POS}


def typo_once(w, r, avoid=()):
    """One phone-keyboard slip: neighbouring key, dropped letter, doubled/extra key, swapped letters."""
    for _ in range(100):
        op = wpick(r, [("sub", 4), ("drop", 2), ("ins", 2), ("swap", 2)])
        i = r.randrange(len(w))
        if any(abs(i - a) < 2 for a in avoid):
            continue
        if op == "sub" and w[i] in NEIGH:
            v = w[:i] + r.choice(NEIGH[w[i]]) + w[i + 1:]
        elif op == "drop" and i > 0:
            v = w[:i] + w[i + 1:]
        elif op == "ins" and w[i] in NEIGH:
            v = w[:i + 1] + r.choice(NEIGH[w[i]] + [w[i]]) + w[i + 1:]
        elif op == "swap" and i < len(w) - 1 and w[i] != w[i + 1]:
            v = w[:i] + w[i + 1] + w[i] + w[i + 2:]
        else:
            continue
        if v != w:
            return v, i
    return None, None


SPANISH_RULES = [
    (r"v", "b"), (r"b", "v"), (r"z", "s"), (r"s(?!$)", "z"), (r"s$", "z"), (r"c(?=[ei])", "s"),
    (r"s(?=[ei])", "c"), (r"ll", "y"), (r"(?<=[aeiou])y(?=[aeiou])", "ll"), (r"^h(?=[aeiou])", ""),
    (r"^(?=[aeo][^aeiou])", "h"), (r"j(?=[ei])", "g"), (r"g(?=[ei])", "j"), (r"qu(?=[ei])", "k"),
    (r"c(?=[aou])", "k"),
]
_EE = [(r"ee", "i"), (r"(?<![aeiouy])i(?=[^aeiouy](?:[aeiouy]|$))", "ee")]
_OO = [(r"oo", "u"), (r"(?<![aeiouqg])u(?=[^aeiouy](?:[aeiouy]|$))", "oo")]
PHONETIC_RULES = {  # by-ear spellings that actually happen in each community
    "Spanish": SPANISH_RULES,
    "Vietnamese": [(r"^ph", "f")],
    "Korean": _OO + [(r"ee", "i")], "Chinese": _OO + _EE,
    "Punjabi Sikh": _EE + _OO, "Hindi": _EE + _OO,
    "Arabic": _EE + _OO + [(r"ou", "u")], "Persian": _EE + _OO + [(r"ou", "u")], "Somali": _EE + _OO,
    "Armenian": [(r"ian$", "yan"), (r"yan$", "ian")] + _EE,
    "Ukrainian": [(r"ii$", "iy"), (r"iy$", "ii"), (r"ii(?=a)", "iy")],
    "Hmong": _OO, "English": [(r"ph", "f")] + _EE,
}


def phonetic_variants(w, rules):
    out = []
    for pat, rep in rules:
        for m in re.finditer(pat, w):
            v = w[:m.start()] + rep + w[m.end():]
            if v != w and pkey(v) == pkey(w) and len(v) >= 3:
                out.append(v)
    return sorted(set(out))


def split_keep(s):
    """'josé pérez-gómez' -> ['josé', ' ', 'pérez', '-', 'gómez'] so words can be swapped in place."""
    return [p for p in re.split(r"([\s\-]+)", s) if p != ""]


# =============================================================================== query builder
class QueryBuilder:
    def __init__(self, records, matcher, r):
        self.recs, self.M, self.r = records, matcher, r
        self.used = set()
        self.seen_q = set()
        self.out = []
        self.stats = Counter()

    # ---- typing style of a worried relative on a phone
    def phone(self, q, keep_accents_p=0.15):
        r = self.r
        if is_latin(q) and r.random() >= keep_accents_p:
            q = deaccent(q)
        q = re.sub(r"\s+", " ", q).strip()
        x = r.random()
        if x < 0.62:
            q = q.lower()
        elif x < 0.86:
            q = cap(q.lower())
        elif x < 0.93:
            q = " ".join(cap(w) for w in q.lower().split(" "))
        else:
            q = q.lower() + " "
        return q

    def accept(self, q, kind, target):
        """Keep q only if the target is the one and only record it fits (absent: none fit)."""
        if not q or not q.strip():
            return False
        k = norm(q)
        if k in self.seen_q:
            return False
        fits = self.M.fits(q, kind)
        ok = (not fits) if target is None else (fits == {target})
        self.stats[(kind, "ok" if ok else "rejected")] += 1
        if not ok:
            return False
        self.seen_q.add(k)
        self.out.append({"q": q, "kind": kind, "expect": None if target is None else self.recs[target]["id"]})
        if target is not None:
            self.used.add(target)
        return True

    def pool(self, pred):
        idx = [i for i, rec in enumerate(self.recs) if i not in self.used and pred(rec)]
        self.r.shuffle(idx)
        return idx

    def run(self, kind, quota, pred, make):
        got = 0
        for i in self.pool(pred):
            if got >= quota:
                break
            q = make(self.recs[i])
            if q and self.accept(q, kind, i):
                got += 1
        if got < quota:
            print(f"WARNING: only {got}/{quota} queries for {kind}")

    # ---- kinds ---------------------------------------------------------------------------------
    def exact(self, rec):
        return norm(rec["name"])

    def order(self, rec):
        r = self.r
        if rec["order"] == "given_first":
            sep = ", " if r.random() < 0.3 else " "
            q = rec["sur_str"] + sep + rec["given_str"]
            return self.phone(q)
        q = rec["given_str"] + " " + rec["sur_str"]
        return self.phone(q, keep_accents_p=0.35 if rec["group"] == "Vietnamese" else 0.15)

    def prefix(self, rec):
        r = self.r
        g = roles(rec, "given")[0]
        gw = squash(g["text"])
        surs = roles(rec, "sur")
        if len(gw) < 5 or not gw.isalpha():
            return None
        s = main_surname(rec) if (len(surs) == 1 or r.random() < 0.7) else other_surname(rec)
        ks = list(range(3, min(5, len(gw) - 1) + 1))
        start = r.choice(ks)
        for k in [start] + [k for k in ks if k != start]:
            q = self.phone(gw[:k] + " " + s["text"], keep_accents_p=0.0)
            if self.M.fits(q, "prefix") == {self.recs.index(rec)}:
                return q
        return None

    def one_surname(self, rec):
        surs = roles(rec, "sur")
        if len(surs) < 2:
            return None
        s = main_surname(rec) if self.r.random() < 0.65 else other_surname(rec)
        text = s["parts"][1] if "parts" in s and rec.get("married") else s["text"]
        return self.phone(rec["given_str"] + " " + text)

    def particle(self, rec, allow_add=False):
        r = self.r
        givens = rec["given_str"]
        surs = roles(rec, "sur")
        options = []
        for idx, s in enumerate(surs):
            if "parts" not in s:
                continue
            parts, core = s["parts"]
            shown = norm(s["text"])
            joined = squash(parts + core)
            split = " ".join(words(parts.replace("dela", "de la").replace("delos", "de los"))) + " " + norm(core)
            if rec.get("married"):       # "Ruiz de Ortega" -> "Ruiz Ortega"
                options += [(idx, norm(core))]
            elif " " not in shown and "-" not in shown:          # record has "Delarosa"
                options += [(idx, split)]
            else:
                options += [(idx, joined), (idx, norm(core))]
                if parts in ("dela", "delos"):
                    options.append((idx, split))
                if parts in ("al", "el"):
                    options.append((idx, norm(core)))
        texts = [s["text"] for s in surs]
        if rec.get("y"):
            options.append((None, "drop-y"))
        if (allow_add and not options and rec["female"] and len(surs) == 2 and rec["group"] != "Filipino"
                and all("parts" not in s for s in surs)):
            options.append((None, "add-de"))
        if not options:
            return None
        idx, how = r.choice(options)
        if how == "drop-y":
            sur = " ".join(texts)
        elif how == "add-de":
            sur = f"{texts[0]} de {texts[1]}"
        else:
            texts[idx] = how
            sur = " ".join(texts)
        q = self.phone(givens + " " + sur)
        return q if words(q) != words(rec["name"]) else None

    def compound(self, rec):
        r = self.r
        givens = roles(rec, "given")
        if len(givens) < 2:
            return None
        firsts = {"maria", "jose", "juan", "ma", "mary", "john", "luz", "ana", "mai", "pa"}
        if squash(givens[0]["text"]) in firsts:
            g = givens[1] if r.random() < 0.8 else givens[0]
        else:
            g = r.choice(givens)
        gw = [w for w in g["text"].split() if norm(w) not in PARTICLES]  # "del Carmen" -> "Carmen"
        if norm(gw[-1]) == "dios":    # nobody is called just "Dios": use Juan
            g, gw = givens[0], [givens[0]["text"]]
        surs = roles(rec, "sur")
        sur = rec["sur_str"] if (len(surs) == 1 or r.random() < 0.4) else main_surname(rec)["text"]
        return self.phone(" ".join(gw) + " " + sur)

    def _typo(self, rec, n_edits):
        r = self.r
        parts = split_keep(norm(rec["name"]))
        lo, hi = (4, 7) if n_edits == 1 else (8, 99)
        cand = [i for i, p in enumerate(parts) if p.isalpha() and lo <= len(p) <= hi and p not in PARTICLES]
        if not cand:
            return None
        i = r.choice(cand)
        w = parts[i]
        v, pos = typo_once(w, r)
        if v is None:
            return None
        if n_edits == 2:
            v2, _ = typo_once(v, r, avoid=(pos,))
            v = v2
        if v is None or osa(w, v) != n_edits:
            return None
        parts[i] = v
        q = "".join(parts)
        return q if r.random() < 0.8 else cap(q)

    def typo1(self, rec):
        return self._typo(rec, 1)

    def typo2(self, rec):
        return self._typo(rec, 2)

    def phonetic(self, rec):
        r = self.r
        spanish = rec["group"] in ("Mexican", "Salvadoran", "Honduran", "Guatemalan", "Guatemalan Maya",
                                   "Filipino")
        rules = PHONETIC_RULES["Spanish" if spanish else rec["group"]]
        parts = split_keep(norm(rec["name"]))
        cand = [(i, v) for i, p in enumerate(parts) if p.isalpha() and p not in PARTICLES
                for v in phonetic_variants(p, rules)]
        if r.random() < 0.75:  # an added silent h ("Hantonia") is real but rarer than the other slips
            cand = [(i, v) for i, v in cand if not (v[0] == "h" and parts[i][0] != "h")] or cand
        if not cand:
            return None
        i, v = r.choice(cand)
        parts[i] = v
        if r.random() < 0.3:  # sometimes a second by-ear spelling in another word
            more = [(j, u) for j, p in enumerate(parts) if j != i and p.isalpha() and p not in PARTICLES
                    for u in phonetic_variants(p, rules)]
            if more:
                j, u = r.choice(more)
                parts[j] = u
        q = "".join(parts)
        return q if r.random() < 0.75 else cap(q)

    def vietnamese(self, rec):
        if rec["group"] != "Vietnamese":
            return None
        if self.r.random() < 0.65 or len(rec["comps"]) < 3:
            q = deaccent(rec["name"])
        else:
            q = deaccent(rec["comps"][-1]["text"] + " " + rec["comps"][0]["text"])
        x = self.r.random()
        return q.lower() if x < 0.7 else cap(q.lower()) if x < 0.9 else q

    # ---- nickname: try the nicknames the brief names first, then anything ------------------------
    def nicknames(self, quota):
        r = self.r
        got = 0
        uses = Counter()

        def holders(nick):
            formals = NICK2FORMAL[squash(nick)]
            return [i for i in self.pool(lambda rec: rec["script"] == "latin")
                    if any(squash(c["text"]) in formals for c in roles(self.recs[i], "given"))]

        def make(rec, nick):
            surs = roles(rec, "sur")
            sur = main_surname(rec)["text"] if (len(surs) > 1 and r.random() < 0.7) else rec["sur_str"]
            return self.phone(nick + " " + sur, keep_accents_p=0.3)

        for nick in D.NICK_PRIORITY:
            if got >= quota:
                break
            for i in holders(nick)[:25]:
                if self.accept(make(self.recs[i], nick), "nickname", i):
                    got += 1
                    uses[nick] += 1
                    break
        all_nicks = sorted({n for ns in D.NICKNAMES.values() for n in ns})
        for i in self.pool(lambda rec: rec["script"] == "latin"):
            if got >= quota:
                break
            rec = self.recs[i]
            nicks = sorted({n for c in roles(rec, "given") for n in all_nicks
                            if squash(c["text"]) in NICK2FORMAL[squash(n)] and uses[n] < 2})
            if nicks:
                n = r.choice(nicks)
                if self.accept(make(rec, n), "nickname", i):
                    got += 1
                    uses[n] += 1
        if got < quota:
            print(f"WARNING: only {got}/{quota} nickname queries")

    # ---- script / romanization / spelling-system queries -----------------------------------------
    def _ko_roman(self, rec, other_than_record=False):
        r = self.r
        ko = rec["ko"]
        spell = ko["sur_spell"]
        s = r.choice(spell[1:]) if (other_than_record and len(spell) > 1) else r.choice(spell)
        parts = [r.choice(opts) for opts in ko["syl"]]
        g = r.choice(["-", "", " "]).join(parts)
        return f"{s} {g}" if r.random() < 0.6 else f"{g} {s}"

    def _zh_roman(self, rec, system):
        r = self.r
        zh = rec["zh"]
        syl = zh["syl"][system]
        g = r.choice(["", " "] if system != "wg" else ["-", " "]).join(syl)
        s = zh["sur_latin"][system]
        return f"{s} {g}" if r.random() < 0.65 else f"{g} {s}"

    def script_makers(self):
        r = self.r
        latin = lambda rec: rec["script"] == "latin"  # noqa: E731

        def zh_chars_to_latin(rec):
            if rec["script"] not in ("hans", "hant"):
                return None
            system = "pinyin" if rec["script"] == "hans" or r.random() < 0.4 else "canto"
            return self.phone(self._zh_roman(rec, system))

        def zh_latin_to_chars(rec):
            if not (latin(rec) and "zh" in rec):
                return None
            return rec["zh"]["hans"] if rec["zh_style"] == "pinyin" else rec["zh"]["hant"]

        def ko_hangul_to_latin(rec):
            return self.phone(self._ko_roman(rec)) if rec["script"] == "hangul" else None

        def ko_latin_to_hangul(rec):
            return rec["ko"]["hangul"] if (latin(rec) and "ko" in rec) else None

        def ko_latin_respell(rec):
            if not (latin(rec) and "ko" in rec and len(rec["ko"]["sur_spell"]) > 1):
                return None
            q = self._ko_roman(rec, other_than_record=True)
            return self.phone(q) if squash(q) != squash(rec["name"]) else None

        def indic_to_latin(rec):
            if rec["script"] not in ("guru", "deva"):
                return None
            ws = [r.choice(c["spellings"]) for c in rec["comps"]]
            return self.phone(" ".join(ws))

        def latin_to_indic(rec):
            if not (latin(rec) and rec["comps"] and "script_word" in rec["comps"][0]):
                return None
            return " ".join(c["script_word"] for c in rec["comps"])

        def arabic_respell(rec):
            if rec["group"] not in ("Arabic", "Somali", "Persian") or not latin(rec):
                return None
            out, changed = [], False
            for c in rec["comps"]:
                t = c["text"]
                cls = next((cl for cl in ARABIC_CLASSES if squash(t) in {squash(v) for v in cl}), None)
                if "abd" in c:
                    opts = [f.format(c["abd"]) for f in D.AR_ABD_DISPLAY if squash(f.format(c["abd"])) != squash(t)]
                    t, changed = r.choice(opts), True
                elif c.get("parts") and c["parts"][0] in ("al", "el"):
                    p = "el" if squash(t).startswith("al") else "al"
                    t, changed = f"{p}-{c['parts'][1]}" if r.random() < 0.5 else f"{p} {c['parts'][1]}", True
                elif cls:
                    opts = [v for v in cls if squash(v) != squash(t) and v[0] not in "CX"]
                    if opts:
                        t, changed = r.choice(opts), True
                out.append(t)
            return self.phone(" ".join(out)) if changed else None

        return [("zh chars->latin", zh_chars_to_latin, 6), ("hangul->latin", ko_hangul_to_latin, 5),
                ("arabic spelling", arabic_respell, 4), ("zh latin->chars", zh_latin_to_chars, 3),
                ("gurmukhi/devanagari->latin", indic_to_latin, 5), ("korean respell", ko_latin_respell, 3),
                ("korean latin->hangul", ko_latin_to_hangul, 2), ("latin->gurmukhi/devanagari", latin_to_indic, 2)]

    def scripts(self, quota):
        got = 0
        self.script_sub = Counter()
        for name, make, share in self.script_makers():
            n = 0
            for i in self.pool(lambda rec: True):
                if n >= share or got >= quota:
                    break
                q = make(self.recs[i])
                if q and self.accept(q, "script", i):
                    n += 1
                    got += 1
            self.script_sub[name] = n
        # top up from any sub-type
        for name, make, _share in self.script_makers() * 3:
            if got >= quota:
                break
            for i in self.pool(lambda rec: True):
                q = make(self.recs[i])
                if q and self.accept(q, "script", i):
                    got += 1
                    self.script_sub[name] += 1
                    break
        if got < quota:
            print(f"WARNING: only {got}/{quota} script queries")

    # ---- absent --------------------------------------------------------------------------------------
    def absent(self, quota):
        r = self.r
        latin_recs = [rec for rec in self.recs if rec["script"] == "latin"]
        by_group = defaultdict(list)
        for rec in latin_recs:
            by_group[rec["group"]].append(rec)
        groups = sorted(by_group)
        got = Counter()
        n_mix, n_near, n_script = int(quota * 0.45), int(quota * 0.35), int(quota * 0.12)
        plan = [("mix", n_mix), ("near-surname", n_near), ("script", n_script),
                ("nick", quota - n_mix - n_near - n_script)]

        def given_of(rec):
            return roles(rec, "given")[0]["text"]

        def pick_group():
            g = r.choice(groups)
            return g, by_group[g]

        def mutate(word):
            """One vowel changed, or a doubled letter made single: still looks like a real surname."""
            vowels = "aeiou"
            for _ in range(50):
                i = r.randrange(1, len(word))
                if word[i] in vowels:
                    v = word[:i] + r.choice([x for x in vowels if x != word[i]]) + word[i + 1:]
                elif i > 0 and word[i] == word[i - 1]:
                    v = word[:i] + word[i + 1:]
                else:
                    continue
                if v != word and v not in self.M.occ and not re.search(r"[aeiou]{3}", v):
                    return v
            return None

        for mode, n in plan:
            tries = 0
            while got[mode] < n and tries < 5000:
                tries += 1
                if mode == "mix":   # given name and surname both on the board, never together
                    g, recs = pick_group()
                    a, b = r.choice(recs), r.choice(recs)
                    sur = roles(b, "sur")[0]["text"]
                    q = self.phone(given_of(a) + " " + sur)
                elif mode == "near-surname":  # surname one letter off + a given name that doesn't go with it
                    g, recs = pick_group()
                    a, b = r.choice(recs), r.choice(recs)
                    sc = roles(b, "sur")[-1]
                    if "parts" in sc:
                        continue
                    s = squash(sc["text"])
                    if len(s) < 5 or not s.isalpha():
                        continue
                    m = mutate(s)
                    if not m:
                        continue
                    q = self.phone(given_of(a) + " " + m)
                elif mode == "script":
                    k = tries % 3
                    if k == 0:
                        row = r.choice(D.HAN_SUR)
                        given = r.choice(D.HAN_GIVEN)
                        q = (row[0] + given) if r.random() < 0.6 else (row[1] + "".join(D.HAN_CHARS[c][0] for c in given))
                    elif k == 1:
                        q = r.choice(D.KO_SUR)[0] + r.choice(D.KO_GIVEN)
                    else:
                        if r.random() < 0.5:
                            g = r.choice(list(D.PA_GIVEN))
                            q = f"{g} {r.choice([D.PA_SINGH[0], D.PA_KAUR[0]])} {r.choice(list(D.PA_CLAN))}"
                        else:
                            g = r.choice(list(D.HI_GIVEN_M) + list(D.HI_GIVEN_F))
                            q = f"{g} {r.choice(list(D.HI_SUR))}"
                else:  # nickname of someone who is not on the board
                    formal = r.choice(sorted(D.NICKNAMES))
                    nick = r.choice(D.NICKNAMES[formal])
                    holders = [rec for rec in latin_recs if squash(formal) in
                               {squash(c["text"]) for c in roles(rec, "given")}]
                    if not holders:
                        continue
                    grp = r.choice(holders)["group"]
                    b = r.choice(by_group[grp])
                    q = self.phone(nick + " " + roles(b, "sur")[0]["text"], keep_accents_p=0.3)
                if self.accept(q, "absent", None):
                    got[mode] += 1
        self.absent_sub = got
        if sum(got.values()) < quota:
            print(f"WARNING: only {sum(got.values())}/{quota} absent queries")


# =============================================================================== main
def main():
    r = random.Random(SEED)
    records = build_records(r)
    M = Matcher(records)
    QB = QueryBuilder(records, M, r)

    latin = lambda rec: rec["script"] == "latin"  # noqa: E731
    # scarce kinds first, so they get first pick of targets
    QB.scripts(QUOTA["script"])
    QB.run("vietnamese", QUOTA["vietnamese"], lambda rec: rec["group"] == "Vietnamese", QB.vietnamese)
    QB.nicknames(QUOTA["nickname"])
    n_add = QUOTA["particle"] // 4   # 'de' added to a married woman's second surname
    QB.run("particle", QUOTA["particle"] - n_add, latin, QB.particle)
    QB.run("particle", n_add, latin, lambda rec: QB.particle(rec, allow_add=True))
    QB.run("compound", QUOTA["compound"], latin, QB.compound)
    QB.run("typo2", QUOTA["typo2"], latin, QB.typo2)
    QB.run("one-surname", QUOTA["one-surname"], latin, QB.one_surname)
    QB.run("phonetic", QUOTA["phonetic"], latin, QB.phonetic)
    QB.run("prefix", QUOTA["prefix"], latin, QB.prefix)
    QB.run("typo1", QUOTA["typo1"], latin, QB.typo1)
    QB.run("order", QUOTA["order"], latin, QB.order)
    QB.run("exact", QUOTA["exact"], latin, QB.exact)
    QB.absent(QUOTA["absent"])

    queries = sorted(QB.out, key=lambda q: KIND_ORDER.index(q["kind"]))
    out_records = [{"id": rec["id"], "name": rec["name"], "city": rec["city"]} for rec in records]
    with open(os.path.join(HERE, "records.json"), "w", encoding="utf-8") as f:
        json.dump(out_records, f, ensure_ascii=False, indent=1)
        f.write("\n")
    with open(os.path.join(HERE, "queries.json"), "w", encoding="utf-8") as f:
        json.dump(queries, f, ensure_ascii=False, indent=1)
        f.write("\n")

    report(records, QB)
    verify()


def report(records, QB):
    print("records by group:", dict(sorted(Counter(rec["group"] for rec in records).items())))
    print("records by script:", dict(sorted(Counter(rec["script"] for rec in records).items())))
    sur_count = Counter()
    for rec in records:
        for c in roles(rec, "sur"):
            sur_count[squash(c["text"]) if rec["script"] == "latin" else "(script)" + c["text"]] += 1
    print("most shared surnames:", sur_count.most_common(12))
    lee = sum(1 for rec in records if any(c["alts"] & {"lee", "li"} for c in roles(rec, "sur")))
    singh = sum(1 for rec in records if any("singh" in c["alts"] for c in roles(rec, "sur")))
    kim = sum(1 for rec in records if any("kim" in c["alts"] for c in roles(rec, "sur")))
    print(f"Lee/Li/이/李: {lee}   Singh/ਸਿੰਘ/सिंह: {singh}   Kim/김: {kim}")
    giv = Counter(squash(c["text"]) for rec in records if rec["script"] == "latin" for c in roles(rec, "given"))
    print("most shared given names:", giv.most_common(10))
    print("script sub-types:", dict(QB.script_sub))
    print("absent sub-types:", dict(QB.absent_sub))
    print("matcher checks:", dict(sorted(QB.stats.items())))


def verify():
    with open(os.path.join(HERE, "records.json"), encoding="utf-8") as f:
        recs = json.load(f)
    with open(os.path.join(HERE, "queries.json"), encoding="utf-8") as f:
        qs = json.load(f)
    ids = [x["id"] for x in recs]
    assert len(recs) == N_RECORDS and len(set(ids)) == N_RECORDS
    assert all(set(x) == {"id", "name", "city"} for x in recs)
    keys = [name_key(x["name"]) for x in recs]
    assert len(set(keys)) == N_RECORDS, "duplicate full names after lowercasing/removing accents"
    idset = set(ids)
    assert all(set(q) == {"q", "kind", "expect"} for q in qs)
    assert all(q["expect"] is None or q["expect"] in idset for q in qs)
    named = [q["expect"] for q in qs if q["expect"]]
    assert len(named) == len(set(named)), "a record is the target of two queries"
    assert len(qs) >= 400
    counts = Counter(q["kind"] for q in qs)
    print(f"\nVERIFIED: records.json ({len(recs)} records), queries.json ({len(qs)} queries), "
          f"all expect ids exist; absent share {counts['absent'] / len(qs):.1%}")
    for k in KIND_ORDER:
        print(f"  {k:12s} {counts[k]}")


if __name__ == "__main__":
    main()
