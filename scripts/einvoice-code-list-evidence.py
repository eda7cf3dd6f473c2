#!/usr/bin/env python3
"""Derive code-list evidence from the shared e-invoice corpus for the partial lists in resources/einvoice/.

Usage: scripts/einvoice-code-list-evidence.py [../shared/data/einvoice] > evidence.json
       scripts/einvoice-code-list-evidence.py --check [../shared/data/einvoice]

For each code-list binding of EinvoiceValidator (BR-CL-01/07/08/13/16/19/20/23/25), every value found in a
UBL or CII document is "accepted" when the CEN 1.3.16 artefact did not fire the rule on that document
(expected/*.json `fired`), and "rejected" when the rule fired exactly as many times as the document holds
values not otherwise known to be accepted (repeated until nothing changes). Documents on which the XSLT
crashed are skipped. `conflicts` (a value both accepted and rejected) and `ambiguous` (more unknown values
than findings) must be empty before the lists are updated; the `rejected:` sections of the list files are
these values, the listed codes include the accepted ones.

--check compares the evidence with the list files in resources/einvoice/ instead of printing it: every accepted
value must be listed, no rejected value may be listed, and on a partial list every rejected value must be under
`rejected:` (or fail the list's format). It prints one line per list and exits 1 on any violation."""
import json, os, re, sys, collections
import xml.etree.ElementTree as ET
CHECK = '--check' in sys.argv[1:]
ARGS = [a for a in sys.argv[1:] if a != '--check']
BASE = ARGS[0] if ARGS else os.path.join(
    os.path.dirname(os.path.abspath(__file__)), '..', '..', 'shared', 'data', 'einvoice')
CAC = '{urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2}'
CBC = '{urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2}'
RAM = '{urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100}'
UDT = '{urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100}'

def norm(v):
    return ' '.join((v or '').split())

def indicator(el, ubl):
    h = el.find(CBC + 'ChargeIndicator') if ubl else el.find(RAM + 'ChargeIndicator/' + UDT + 'Indicator')
    if h is None: return None
    t = (h.text or '').strip()
    return True if t in ('true', '1') else False if t in ('false', '0') else None

def occurrences(root, ubl):
    """(rule, list key, value) for every bound element, as EinvoiceValidator's checkCodeListBindings."""
    parent = {c: p for p in root.iter() for c in p}
    out = []
    def pname(e):
        p = parent.get(e); return p.tag if p is not None else None
    for e in root.iter():
        t = e.tag
        if ubl:
            if t == CBC + 'InvoiceTypeCode': out.append(('BR-CL-01', 'uncl1001-invoice', norm(e.text)))
            elif t == CBC + 'CreditNoteTypeCode': out.append(('BR-CL-01', 'uncl1001-credit-note', norm(e.text)))
            elif t == CBC + 'ID' and 'schemeID' in e.attrib and pname(e) in (CAC + 'AdditionalDocumentReference', CAC + 'DocumentReference'):
                dt = parent[e].find(CBC + 'DocumentTypeCode')
                if dt is not None and dt.text == '130': out.append(('BR-CL-07', 'uncl1153', norm(e.get('schemeID'))))
            elif t == CBC + 'ItemClassificationCode' and pname(e) == CAC + 'CommodityClassification' and 'listID' in e.attrib:
                out.append(('BR-CL-13', 'uncl7143', norm(e.get('listID'))))
            elif t == CBC + 'PaymentMeansCode' and pname(e) == CAC + 'PaymentMeans':
                out.append(('BR-CL-16', 'uncl4461', norm(e.text)))
            elif t == CBC + 'AllowanceChargeReasonCode' and pname(e) == CAC + 'AllowanceCharge':
                c = indicator(parent[e], True)
                if c is True: out.append(('BR-CL-20', 'uncl7161', norm(e.text)))
                elif c is False: out.append(('BR-CL-19', 'uncl5189', norm(e.text)))
            elif t == CBC + 'EndpointID' and 'schemeID' in e.attrib:
                out.append(('BR-CL-25', 'eas', norm(e.get('schemeID'))))
            elif t in (CBC + 'InvoicedQuantity', CBC + 'CreditedQuantity', CBC + 'BaseQuantity') and 'unitCode' in e.attrib:
                out.append(('BR-CL-23', 'rec20', norm(e.get('unitCode'))))
        else:
            if t == RAM + 'TypeCode' and pname(e) and pname(e).endswith('ExchangedDocument'):
                out.append(('BR-CL-01', 'uncl1001-cii', norm(e.text)))
            elif t == RAM + 'ReferenceTypeCode': out.append(('BR-CL-07', 'uncl1153', norm(e.text)))
            elif t == RAM + 'SubjectCode' and pname(e) == RAM + 'IncludedNote': out.append(('BR-CL-08', 'uncl4451', norm(e.text)))
            elif t == RAM + 'ClassCode' and 'listID' in e.attrib: out.append(('BR-CL-13', 'uncl7143', norm(e.get('listID'))))
            elif t == RAM + 'TypeCode' and pname(e) == RAM + 'SpecifiedTradeSettlementPaymentMeans':
                out.append(('BR-CL-16', 'uncl4461', norm(e.text)))
            elif t == RAM + 'ReasonCode' and pname(e) == RAM + 'SpecifiedTradeAllowanceCharge':
                c = indicator(parent[e], False)
                if c is True: out.append(('BR-CL-20', 'uncl7161', norm(e.text)))
                elif c is False: out.append(('BR-CL-19', 'uncl5189', norm(e.text)))
            elif t == RAM + 'URIID' and pname(e) == RAM + 'URIUniversalCommunication' and 'schemeID' in e.attrib:
                out.append(('BR-CL-25', 'eas', norm(e.get('schemeID'))))
            elif t in (RAM + 'BilledQuantity', RAM + 'BasisQuantity') and 'unitCode' in e.attrib:
                out.append(('BR-CL-23', 'rec20', norm(e.get('unitCode'))))
    return out

docs = []
with open(os.path.join(BASE, 'expected/INDEX.tsv')) as idx:
    next(idx)
    for line in idx:
        cols = line.rstrip('\n').split('\t')
        if not (cols[0].startswith('invoices/ubl/') or cols[0].startswith('invoices/cii/')): continue
        exp = json.load(open(os.path.join(BASE, cols[1])))
        # The CEN layer is run and recorded on every XML document, also where it does not count for valid.
        if exp.get('syntax') not in ('UBL', 'CII'): continue
        if 'errors' in exp or 'artefact_error' in exp: continue
        try: root = ET.parse(os.path.join(BASE, cols[0])).getroot()
        except ET.ParseError: continue
        fired = {f['id']: f['count'] for f in exp['fired'] if f['flag'] == 'fatal'}
        docs.append((cols[0], occurrences(root, exp['syntax'] == 'UBL'), fired))

accepted = collections.defaultdict(set)
rejected = collections.defaultdict(set)
for name, occ, fired in docs:
    for rule, key, v in occ:
        if rule not in fired: accepted[key].add(v)
ambiguous = []
changed = True
while changed:  # a document with one unexplained occurrence per count pins the rejected values
    changed = False
    for name, occ, fired in docs:
        by_rule = collections.defaultdict(list)
        for rule, key, v in occ: by_rule[rule].append((key, v))
        for rule, vals in by_rule.items():
            n = fired.get(rule, 0)
            if not n: continue
            unknown = [(k, v) for k, v in vals if v not in accepted[k] and not (k == 'uncl1001-cii' and (v in accepted['uncl1001-invoice'] or v in accepted['uncl1001-credit-note']))]
            if len(unknown) == n:
                for k, v in unknown:
                    if v not in rejected[k]: rejected[k].add(v); changed = True
            elif len(unknown) > n and not all((k, v) in {(kk, vv) for kk in rejected for vv in rejected[kk]} for k, v in unknown):
                ambiguous.append((name, rule, n, unknown))
result = {'accepted': {k: sorted(v) for k, v in accepted.items()}, 'rejected': {k: sorted(v) for k, v in rejected.items()},
          'conflicts': {k: sorted(accepted[k] & rejected[k]) for k in rejected if accepted[k] & rejected[k]},
          'ambiguous': ambiguous, 'documents': len(docs)}

def load_list(name):
    """codes, rejected, partial, format of resources/einvoice/<name>.txt (the format CodeList parses)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'resources', 'einvoice', name + '.txt')
    codes, rej, partial, fmt = set(), set(), False, None
    section = codes
    for line in open(path):
        line = line.strip()
        if not line or line.startswith('#'): continue
        if line.startswith('list:'): continue
        if line.startswith('coverage:'): partial = line.split(':', 1)[1].strip() == 'partial'; continue
        if line.startswith('format:'): fmt = line.split(':', 1)[1].strip(); continue
        if line == 'rejected:': section = rej; continue
        section.update(line.split())
    return codes, rej, partial, fmt

def check(result):
    files = {'uncl1001-invoice': 'uncl1001-invoice', 'uncl1001-credit-note': 'uncl1001-credit-note', 'uncl1153': 'uncl1153',
             'uncl4451': 'uncl4451', 'uncl7143': 'uncl7143', 'uncl4461': 'uncl4461', 'uncl5189': 'uncl5189',
             'uncl7161': 'uncl7161', 'eas': 'eas', 'rec20': 'rec20-units'}
    lists = {k: load_list(f) for k, f in files.items()}
    inv, cn = lists['uncl1001-invoice'], lists['uncl1001-credit-note']
    # CII binds BT-3 to both lists (CodeList "uncl1001-cii"): known rejected only where both reject.
    lists['uncl1001-cii'] = (inv[0] | cn[0], inv[1] & cn[1], inv[2] or cn[2], inv[3] or cn[3])
    bad = bool(result['conflicts'] or result['ambiguous'])
    for key in sorted(lists):
        codes, rej, partial, fmt = lists[key]
        accepted, rejected = set(result['accepted'].get(key, [])), set(result['rejected'].get(key, []))
        unlisted = sorted(accepted - codes)
        listed_rejected = sorted(rejected & codes)
        def decided(v):
            return v in rej or not v or ' ' in v or (fmt is not None and not re.fullmatch(fmt, v))
        undecided = sorted(v for v in rejected - codes if partial and not decided(v))
        ok = not (unlisted or listed_rejected or undecided)
        bad = bad or not ok
        print('%-22s %-8s %5d codes  accepted %3d  rejected %3d  %s' % (
            key, 'partial' if partial else 'complete', len(codes), len(accepted), len(rejected),
            'ok' if ok else 'accepted but not listed %s; rejected but listed %s; rejected but undecided %s' % (
                unlisted, listed_rejected, undecided)))
    print('conflicts %d, ambiguous %d, documents %d' % (len(result['conflicts']), len(result['ambiguous']), result['documents']))
    return 1 if bad else 0

if CHECK:
    sys.exit(check(result))
json.dump(result, sys.stdout, indent=1)
