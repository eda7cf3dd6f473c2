#!/usr/bin/env python3
"""Convert the shared VAT data (rates.json, vatex.json) into the resources eu.vat.rules ships.

Usage: scripts/import-vat-data.py [../shared/data/vat]          writes resources/vat/rates.json and vatex.json
       scripts/import-vat-data.py --check [../shared/data/vat]  exits 1 when the resources differ from a fresh
                                                                conversion (the shared data changed)

The resources keep what the VAT rules engine reads and nothing else, in a form it can read without guessing:
rates are decimal strings ("25.5"), never binary floats; periods are newest first with their first day; the
long-standing base period ("0000-01-01" in the source) has "from": null. Each file names its source, licence
and as-of date, so that a result can cite them and a maintainer can refresh them (resources/vat/SOURCES.md)."""
import json, os, sys

CHECK = '--check' in sys.argv[1:]
ARGS = [a for a in sys.argv[1:] if a != '--check']
HERE = os.path.dirname(os.path.abspath(__file__))
BASE = ARGS[0] if ARGS else os.path.join(HERE, '..', '..', 'shared', 'data', 'vat')
OUT = os.path.join(HERE, '..', 'resources', 'vat')


def decimal(value):
    """A rate as the shortest decimal string: 19 -> "19", 25.5 -> "25.5", 4.9 -> "4.9"."""
    if value is None:
        return None
    text = repr(float(value))
    return text[:-2] if text.endswith('.0') else text


def period(p):
    start = p['effective_from']
    return {
        'from': None if start.startswith('0000') else start,
        'standard': decimal(p['standard']),
        'reduced': [decimal(r) for r in p.get('reduced') or []],
        'super_reduced': decimal(p.get('super_reduced')),
        'parking': decimal(p.get('parking')),
        'note': p.get('note'),
    }


def rates(source):
    countries = []
    for iso in sorted(source['rates']):
        c = source['rates'][iso]
        periods = sorted(c['periods'], key=lambda p: p['effective_from'], reverse=True)
        countries.append({
            'country': iso,
            'name': c['name'],
            'vat_prefix': c.get('vat_prefix', iso),
            'periods': [period(p) for p in periods],
            'territory_exceptions': [t['name'] for t in c.get('territory_exceptions') or []],
            'scope_changes': c.get('scope_changes'),
        })
    return {
        'format': 'ades-vat-rates/1',
        'about': 'VAT rate levels (percent, decimal strings) of the 27 EU member states and Northern Ireland '
                 '(XI, United Kingdom rates), one entry per period, newest first; "from": null is the '
                 'long-standing base period. A level existing does not say which goods or services it covers.',
        'as_of': source['_as_of'],
        'source': source['_source'],
        'licence': 'MIT (ibericode/vat-rates); the later changes were added by hand from public sources',
        'authority': 'European Commission, Taxes in Europe Database (TEDB)',
        'countries': countries,
    }


def vatex(source, as_of):
    return {
        'format': 'ades-vatex/1',
        'about': 'EN 16931 VAT category codes (BT-118, BT-151) and the CEF VATEX exemption reason codes '
                 '(BT-121) with short meanings in our words; "category" is the only VAT category a code may '
                 'be combined with.',
        'source': source['_source'] + '; code values of the CEN EN 16931 validation artefacts 1.3.16',
        # The VATEX file carries no date of its own: it is dated by the snapshot it was taken with.
        'as_of': as_of,
        'note': 'VATEX-EU-D/F/I/J: the code-list workbook names them "Intra-Community acquisition of ..."; '
                'they are used for the margin schemes (travel agents, second-hand goods, works of art, '
                'antiques); a correction is announced for the November 2026 code-list release.',
        'categories': [{'code': c['code'], 'name': c['name']} for c in source['categories']],
        'codes': [{'code': v['code'], 'category': v['category'], 'text': v['meaning']}
                  for v in source['vatex']],
    }


def render(obj):
    return json.dumps(obj, ensure_ascii=False, indent=1) + '\n'


def main():
    with open(os.path.join(BASE, 'rates.json'), encoding='utf-8') as f:
        rate_source = json.load(f)
    converted = {'rates.json': render(rates(rate_source))}
    with open(os.path.join(BASE, 'vatex.json'), encoding='utf-8') as f:
        converted['vatex.json'] = render(vatex(json.load(f), rate_source['_as_of']))
    stale = []
    for name, text in converted.items():
        path = os.path.join(OUT, name)
        if CHECK:
            try:
                with open(path, encoding='utf-8') as f:
                    same = f.read() == text
            except FileNotFoundError:
                same = False
            print(f'{name}: {"up to date" if same else "differs from the shared data"}')
            if not same:
                stale.append(name)
        else:
            os.makedirs(OUT, exist_ok=True)
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            print(f'wrote resources/vat/{name}')
    return 1 if stale else 0


if __name__ == '__main__':
    sys.exit(main())
