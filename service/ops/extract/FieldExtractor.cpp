#include "FieldExtractor.h"

#include "Amounts.h"
#include "DateFinder.h"

#include <QHash>
#include <QRegularExpression>
#include <cmath>
#include <optional>

using namespace Qt::StringLiterals;

namespace ades::extract {

namespace {

constexpr auto CI = QRegularExpression::CaseInsensitiveOption;

int letterCount(const QString &s)
{
    int n = 0;
    for (const QChar c : s)
        n += c.isLetter() ? 1 : 0;
    return n;
}

// Legal forms and the trade suffixes that act as one where there is no other (Malaysian sole
// proprietorships register "... ENTERPRISE" or "... TRADING"). "CO." is a form, but "CO. NO." and
// "CO. REG." label a registration number. S/B is the short form of Sendirian Berhad (SDN BHD) on Malaysian
// receipts; OCR reads its S as 5 or § and its B as 8, which counts as S/B only where it ends the name (at
// the line's end or before the registration number: "5/8" elsewhere is a fraction or an address).
const QRegularExpression &companyForm()
{
    static const QRegularExpression re(
        u"(\\bSDN\\.?\\s*BHD\\b|\\bBHD\\b|\\bBERHAD\\b|\\bGMBH\\b|\\bG\\.M\\.B\\.H\\.|\\bLTD\\b|"
        u"\\bLIMITED\\b|"
        "\\bLLC\\b|\\bL\\.L\\.C\\.|\\bINC\\b\\.?|\\bCORP(ORATION)?\\b|\\bPLC\\b|\\bAG\\b|\\bKG\\b|\\bOHG\\b|"
        "\\bE\\.\\s?K\\.|\\bUG\\b|\\bS\\.?A\\.?R\\.?L\\.?\\b|\\bS\\.?R\\.?L\\.?\\b|\\bB\\.V\\.|\\bN\\.V\\.|"
        "\\bS\\.?P\\.?A\\.?\\b|\\bS\\.A\\.|\\bSAS\\b|\\bOY\\b|\\bAB\\b|\\bA/"
        "S\\b|\\bAPS\\b|\\bPTE\\b|\\bPTY\\b|"
        "\\bENTERPRISES?\\b|\\bTRADING\\b|&\\s?CO\\b|\\bCO\\.(?!\\s*(NO|REG))|"
        "(?<![\\w/])S/B(?![\\w/])|(?<![\\w/])[S5§]/[B8](?=\\s*($|[(\\[{])))"_s,
        CI);
    return re;
}

const QRegularExpression &notAName()
{
    static const QRegularExpression re(
        u"\\b(TAX\\s*INVOICE|INVOICE|RECEIPT|RECHNUNG|QUITTUNG|KASSENBON|BELEG|WELCOME|WILLKOMMEN|THANK|"
        "TEL|PHONE|FAX|EMAIL|E-MAIL|WWW|HTTP|GST|VAT|REG|NO\\.|DATE|DATUM|CASHIER|TABLE|ORDER|BILL|"
        "SIMPLIFIED|COPY|ORIGINAL)\\b"_s,
        CI);
    return re;
}

QString withoutRegistration(QString name)
{
    // "(789417-W)", "(CO. REG. NO. 12345)", "ROC NO: 123": the registration number that follows the name
    // is no part of it. OCR reads a bracket as a brace now and then ("{519537-X)").
    static const QRegularExpression paren(u"\\s*[(\\[{][^)\\]}]*\\d[^)\\]}]*[)\\]}]?"_s);
    static const QRegularExpression reg(
        u"\\s*\\b(CO\\.?\\s*REG|COMPANY\\s*NO|ROC|REG\\.?\\s*NO)\\b.*$"_s, CI);
    name.remove(reg);
    name.remove(paren);
    return name.simplified();
}

// Legal forms are a closed vocabulary, so an OCR misreading of one (O for D, I for D, 8 for B, K for N)
// is put back: "SON BHD" is "SDN BHD" on any Malaysian receipt.
QString withCanonicalForm(QString name)
{
    static const QRegularExpression sdn(u"\\bS[O0ID][NKH](\\.?\\s*[B8][H][D0O])\\b"_s, CI);
    static const QRegularExpression bhd(u"\\b(SDN\\.?\\s*)[B8]H[D0O]\\b"_s, CI);
    static const QRegularExpression sb(u"(?<![\\w/])[S5§]/[B8]$"_s, CI);
    name.replace(sb, u"S/B"_s);
    const auto m = sdn.match(name);
    if (m.hasMatch() && m.captured(0).left(3).toUpper() != u"SDN"_s)
        name.replace(m.capturedStart(0), 3, m.captured(0).at(0).isUpper() ? u"SDN"_s : u"Sdn"_s);
    const auto b = bhd.match(name);
    if (b.hasMatch()) {
        const qsizetype at = b.capturedStart(0) + b.capturedLength(1);
        name.replace(at, 3, name.at(at + 1).isUpper() ? u"BHD"_s : u"Bhd"_s);
    }
    return name;
}

// A document writes its amounts with one decimal separator; a total read with the other one (OCR turns
// "42.40" into "42,40") is printed with the document's.
QString withDocumentSeparator(QString printed, const TextLines &lines)
{
    int points = 0, commas = 0;
    for (const TextLine &line : lines) {
        for (const Amount &a : findAmounts(line.text)) {
            const QChar separator = a.printed.at(a.printed.size() - 3);
            (separator == u'.' ? points : commas) += 1;
        }
    }
    if (printed.size() < 3)
        return printed;
    const qsizetype at = printed.size() - 3;
    if (printed.at(at) == u',' && points >= 2 * commas + 1 && !printed.left(at).contains(u'.'))
        printed[at] = u'.';
    else if (printed.at(at) == u'.' && commas >= 2 * points + 1 && !printed.left(at).contains(u','))
        printed[at] = u',';
    return printed;
}

// Currencies whose countries write a decimal point (ringgit, dollars, pound, yen, yuan, rupee, franc): a
// total read with a decimal comma there is an OCR misreading of the point.
QString withCurrencySeparator(QString printed, const QString &currency)
{
    static const QStringList pointCurrencies { u"MYR"_s, u"USD"_s, u"SGD"_s, u"GBP"_s, u"AUD"_s, u"CAD"_s,
        u"NZD"_s, u"HKD"_s, u"JPY"_s, u"CNY"_s, u"INR"_s, u"THB"_s, u"CHF"_s };
    const qsizetype at = printed.size() - 3;
    if (at > 0 && pointCurrencies.contains(currency) && printed.at(at) == u','
        && !printed.left(at).contains(u'.'))
        printed[at] = u'.';
    return printed;
}

struct Candidate
{
    qint64 cents = 0;
    QString printed;
    int line = -1;
    double confidence = 0;
    bool rounded = false;
    bool due = false; // an amount-due line, not the grand total
    QString mark; // Amount::mark
};

QList<Amount> moneyOn(const QString &text)
{
    // Amounts that are rates ("6.00%") or quantities with a unit are no money.
    QList<Amount> out;
    for (const Amount &a : findAmounts(text)) {
        const QString after = text.mid(a.end, 2).trimmed();
        if (after.startsWith(u'%'))
            continue;
        out.append(a);
    }
    return out;
}

std::optional<double> rateOf(const QString &text)
{
    static const QRegularExpression re(u"(?<![\\d.,])(\\d{1,2}(?:[.,]\\d{1,2})?)\\s?%"_s);
    const auto m = re.match(text);
    if (!m.hasMatch())
        return std::nullopt;
    QString r = m.captured(1);
    r.replace(u',', u'.');
    return r.toDouble();
}

bool totalWordIn(const QString &text)
{
    static const QRegularExpression re(u"(TOTAL|GESAMT|SUMME|AMOUNT\\s*DUE|ZU\\s*ZAHLEN|JUMLAH)"_s, CI);
    return re.match(text).hasMatch();
}

// The edit distance of two short words (Levenshtein), for keywords read with one character wrong.
int editDistance(const QString &a, const QString &b)
{
    std::vector<int> row(size_t(b.size() + 1));
    for (qsizetype j = 0; j <= b.size(); ++j)
        row[size_t(j)] = int(j);
    for (qsizetype i = 1; i <= a.size(); ++i) {
        int diagonal = row[0];
        row[0] = int(i);
        for (qsizetype j = 1; j <= b.size(); ++j) {
            const int above = row[size_t(j)];
            row[size_t(j)] = qMin(qMin(row[size_t(j)] + 1, row[size_t(j - 1)] + 1),
                diagonal + (a.at(i - 1) == b.at(j - 1) ? 0 : 1));
            diagonal = above;
        }
    }
    return row[size_t(b.size())];
}

// A line with the word TOTAL put back where OCR read it with one character wrong ("TATAL", "T0TAL",
// "TOTA1"): TOTAL has no other common word within one edit, so the repair names nothing new.
QString withTotalRepaired(const QString &text)
{
    // A whole word only: TOTALQTY or TOTALLY are other words, not a misread TOTAL.
    static const QRegularExpression word(u"(?<![A-Za-z0-9])[A-Za-z0-9]{4,6}(?![A-Za-z0-9])"_s);
    QString out;
    qsizetype done = 0;
    for (auto it = word.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const QString w = m.captured(0).toUpper();
        if (w == u"TOTAL"_s || letterCount(w) < 3 || editDistance(w, u"TOTAL"_s) > 1)
            continue;
        out += text.mid(done, m.capturedStart(0) - done) + u"TOTAL"_s;
        done = m.capturedEnd(0);
    }
    return out + text.mid(done);
}

// The page's letter currency mark where OCR read it with one letter wrong right before the amount of
// `cents` on the total's line ("RH 64.70", "RN 5.90" on a page whose currency is printed RM): a word of the
// mark's length, one edit from the mark the page prints elsewhere, given back as that mark with the space
// printed after it; empty when there is none. Only letter marks: a misread sign is no word.
QString misreadMark(qint64 cents, const QString &lineText, const QString &pageMark)
{
    static const QRegularExpression letters(u"^[A-Z]{2,3}$"_s);
    if (!letters.match(pageMark).hasMatch())
        return {};
    qsizetype at = -1;
    for (const Amount &a : findAmounts(lineText))
        at = a.cents == cents ? a.position : at;
    if (at < 0)
        return {}; // the line prints another amount (the total was rounded after it)
    static const QRegularExpression wordBefore(u"(?<![A-Za-z])([A-Za-z]{2,3})( ?)$"_s);
    const auto m = wordBefore.match(QStringView(lineText).left(at));
    if (!m.hasMatch() || m.captured(1).size() != pageMark.size()
        || editDistance(m.captured(1).toUpper(), pageMark) != 1)
        return {};
    return pageMark + m.captured(2);
}

// Currencies whose cash payments are rounded to 5 minor units because no smaller coin circulates
// (Malaysia since 2008, Switzerland, Australia, Canada since 2013, Singapore in practice). Unknown currency:
// the rounding line itself is the evidence.
bool roundsCashToFive(const QString &currency)
{
    static const QStringList fives { u"MYR"_s, u"CHF"_s, u"AUD"_s, u"CAD"_s, u"SGD"_s };
    return currency.isEmpty() || fives.contains(currency);
}

QString rateText(double rate)
{
    return QString::number(rate, 'g', 4);
}

} // namespace

namespace {

// A field label before a name ("Name: ACME GmbH", "Firma: ..."): the name is what follows it.
QString withoutNameLabel(const QString &text)
{
    static const QRegularExpression label(
        u"^\\s*(NAME|FIRMA|FIRMENNAME|COMPANY|COMPANY\\s*NAME|RAISON\\s*SOCIALE|NOM)\\s*:\\s*"_s, CI);
    QString out = text;
    out.remove(label);
    return out.simplified();
}

// The seller's block of an invoice: a heading that names the party (EN 16931 calls it the Seller; German
// invoices Verkäufer or Lieferant, French Vendeur or Fournisseur), with the name after it on the same line
// or on the next one.
std::optional<FieldValue> sellerBlockName(const TextLines &lines)
{
    static const QRegularExpression heading(
        u"^\\s*(VERK[AÄ]UFER(IN)?|VERKAEUFER|SELLER|SUPPLIER|VENDOR|LIEFERANT|RECHNUNGSSTELLER|"
        "LEISTUNGSERBRINGER|AUFTRAGNEHMER|VENDEUR|FOURNISSEUR)\\s*(\\(.*\\))?\\s*(:\\s*(.*))?$"_s,
        CI);
    static const QRegularExpression nameLabel(
        u"^\\s*(NAME|FIRMA|FIRMENNAME|COMPANY|COMPANY\\s*NAME|RAISON\\s*SOCIALE|NOM)\\s*:"_s, CI);
    // "Nummer: 549910", "Anschrift:": another field of the block, not the name.
    static const QRegularExpression otherField(u"^\\s*[\\w.\\- ]{1,30}:"_s);
    static const QRegularExpression buyerHeading(
        u"^\\s*(K[AÄ]UFER|BUYER|CUSTOMER|KUNDE|RECHNUNGSEMPF[AÄ]NGER|ACHETEUR|CLIENT|BILL\\s*TO)"_s, CI);
    for (int i = 0; i < lines.size(); ++i) {
        const auto m = heading.match(lines.at(i).text);
        if (!m.hasMatch())
            continue;
        QString name = withoutNameLabel(m.captured(5));
        double confidence = lines.at(i).confidence;
        // The block's lines below the heading, up to the buyer's: a line labelled as the name, else the
        // first one that is no other labelled field.
        if (letterCount(name) < 3) {
            const int end = int(qMin<qsizetype>(lines.size(), i + 6));
            int unlabelled = -1;
            for (int j = i + 1; j < end && !buyerHeading.match(lines.at(j).text).hasMatch(); ++j) {
                const QString &text = lines.at(j).text;
                if (nameLabel.match(text).hasMatch() && letterCount(withoutNameLabel(text)) >= 3) {
                    name = withoutNameLabel(text);
                    confidence = lines.at(j).confidence;
                    // A two-line value has its label beside the middle, so OCR reads the value's first
                    // line just above the label's: an unlabelled, mostly alphabetic line there belongs to
                    // the name.
                    const QString above = lines.at(j - 1).text.simplified();
                    if (j - 1 > i && !otherField.match(above).hasMatch() && letterCount(above) >= 3
                        && letterCount(above) * 10 >= QString(above).remove(u' ').size() * 6)
                        name = above + u' ' + name;
                    break;
                }
                if (unlabelled < 0 && !otherField.match(text).hasMatch() && letterCount(text) >= 3)
                    unlabelled = j;
            }
            if (letterCount(name) < 3 && unlabelled >= 0) {
                name = lines.at(unlabelled).text.simplified();
                confidence = lines.at(unlabelled).confidence * 0.8;
            }
        }
        if (letterCount(name) < 3)
            continue;
        name = withCanonicalForm(withoutRegistration(name));
        return FieldValue { name, name, qBound(0.0, confidence * 0.9, 1.0) };
    }
    return std::nullopt;
}

} // namespace

FieldValue FieldExtractor::vendor(const TextLines &lines)
{
    if (const auto seller = sellerBlockName(lines))
        return *seller;
    const int window = int(qMin<qsizetype>(lines.size(), 10));
    for (int i = 0; i < window; ++i) {
        const TextLine &line = lines.at(i);
        const QString text = withoutNameLabel(line.text);
        const auto m = companyForm().match(text);
        if (!m.hasMatch())
            continue;
        QString name = text;
        // The legal form ends a company's name: what follows it on the line (a stray mark, a branch code)
        // is no part of it, except a registration number in brackets, which is removed below anyway.
        QRegularExpressionMatch lastForm = m;
        for (auto it = companyForm().globalMatch(text); it.hasNext();)
            lastForm = it.next();
        qsizetype formEnd = lastForm.capturedEnd();
        if (formEnd < text.size() && text.at(formEnd) == u'.')
            ++formEnd; // "BHD." keeps its abbreviation point
        const QString after = text.mid(formEnd).trimmed();
        if (!after.isEmpty() && !after.startsWith(u'(') && !after.startsWith(u'['))
            name = text.left(formEnd);
        // A form on a line of its own ("SDN BHD") belongs to the name above it.
        if (letterCount(text.left(m.capturedStart())) < 3 && i > 0)
            name = lines.at(i - 1).text + u' ' + name;
        name = withCanonicalForm(withoutRegistration(name));
        if (letterCount(name) < 3)
            continue;
        return FieldValue { name, name, qBound(0.0, line.confidence, 1.0) };
    }
    for (int i = 0; i < window; ++i) {
        const TextLine &line = lines.at(i);
        const QString text = line.text.simplified();
        const int letters = letterCount(text);
        if (letters < 4 || letters * 10 < text.size() * 6 || notAName().match(text).hasMatch()
            || line.confidence < 0.5)
            continue;
        const QString name = withoutRegistration(text);
        return FieldValue { name, name, qBound(0.0, line.confidence * 0.6, 1.0) };
    }
    return {};
}

FieldValue FieldExtractor::vatId(const TextLines &lines)
{
    // EU VAT identification numbers by member-state format (VIES), and the UK, Swiss and Norwegian forms.
    static const QRegularExpression euFormat(
        u"^(ATU\\d{8}|BE[01]\\d{9}|BG\\d{9,10}|CY\\d{8}[A-Z]|CZ\\d{8,10}|DE\\d{9}|DK\\d{8}|EE\\d{9}|EL\\d{9}|"
        "ES[A-Z0-9]\\d{7}[A-Z0-9]|FI\\d{8}|FR[A-HJ-NP-Z0-9]{2}\\d{9}|HR\\d{11}|HU\\d{8}|IE\\d{7}[A-W][A-I]?|"
        "IE\\d[A-Z+*]\\d{5}[A-W]|IT\\d{11}|LT(\\d{9}|\\d{12})|LU\\d{8}|LV\\d{11}|MT\\d{8}|NL\\d{9}B\\d{2}|"
        "PL\\d{10}|PT\\d{9}|RO\\d{2,10}|SE\\d{10}01|SI\\d{8}|SK\\d{10}|XI(\\d{9}|\\d{12})|GB(\\d{9}|\\d{12})|"
        "CHE\\d{9}(MWST|TVA|IVA)?|NO\\d{9}MVA)$"_s);
    static const QRegularExpression label(
        u"\\b(GST|VAT|TAX|TIN|ABN|UID|UST|MWST|TVA|IVA|BTW|STEUER|SST)\\w*\\b[^0-9A-Z]*(?:(?:REG(?:ISTRATION)"
        u"?|"
        "ID|NO|NR|NUMBER|IDNR)\\.?[^0-9A-Z]*){0,3}([0-9][0-9A-Z/ -]{6,20}[0-9A-Z])"_s,
        CI);
    for (const TextLine &line : lines) {
        const QString upper = line.text.toUpper();
        // From every word start: the letters and digits that follow, spaces, dots and hyphens left out
        // ("DE 123 456 789"), and the longest prefix that is an ID.
        for (qsizetype start = 0; start < upper.size(); ++start) {
            if (!upper.at(start).isLetter() || (start > 0 && upper.at(start - 1).isLetterOrNumber()))
                continue;
            QString compact;
            for (qsizetype i = start; i < upper.size() && compact.size() < 16; ++i) {
                const QChar c = upper.at(i);
                if (c.isLetterOrNumber())
                    compact += c;
                else if (c != u' ' && c != u'.' && c != u'-')
                    break;
            }
            for (qsizetype n = compact.size(); n >= 8; --n) {
                if (euFormat.match(compact.left(n)).hasMatch()) {
                    const QString id = compact.left(n);
                    return FieldValue { id, id, qBound(0.0, line.confidence, 1.0) };
                }
            }
        }
    }
    for (const TextLine &line : lines) {
        const auto m = label.match(line.text);
        if (!m.hasMatch())
            continue;
        QString id = m.captured(2).trimmed();
        id.remove(u' ');
        int digits = 0;
        for (const QChar c : id)
            digits += c.isDigit() ? 1 : 0;
        if (digits < 8)
            continue;
        return FieldValue { id, m.captured(2).trimmed(), qBound(0.0, line.confidence * 0.8, 1.0) };
    }
    return {};
}

FieldValue FieldExtractor::currency(const TextLines &lines)
{
    static const QRegularExpression code(
        u"\\b(EUR|USD|GBP|CHF|MYR|SGD|JPY|CNY|AUD|CAD|SEK|NOK|DKK|PLN|CZK|HUF|RON|BGN|INR|IDR|THB|HKD|NZD)\\b"_s);
    static const QRegularExpression ringgit(u"(\\bRM\\s?\\d|\\(RM\\)|\\bRM\\b)"_s);
    QHash<QString, double> votes;
    QHash<QString, QString> printed;
    double confidenceSum = 0;
    int hits = 0;
    for (const TextLine &line : lines) {
        const QString upper = line.text.toUpper();
        const auto vote = [&](const QString &c, const QString &as, double weight) {
            votes[c] += weight;
            if (!printed.contains(c))
                printed.insert(c, as);
            confidenceSum += line.confidence;
            ++hits;
        };
        for (auto it = code.globalMatch(upper); it.hasNext();) {
            const QString c = it.next().captured(1);
            vote(c, c, 1.0);
        }
        if (ringgit.match(upper).hasMatch())
            vote(u"MYR"_s, u"RM"_s, 1.0);
        if (upper.contains(u'€'))
            vote(u"EUR"_s, u"€"_s, 1.0);
        if (upper.contains(u'£'))
            vote(u"GBP"_s, u"£"_s, 1.0);
        if (upper.contains(u'¥'))
            vote(u"JPY"_s, u"¥"_s, 0.7);
        if (upper.contains(u"S$"_s))
            vote(u"SGD"_s, u"S$"_s, 1.0);
        else if (upper.contains(u'$'))
            vote(u"USD"_s, u"$"_s, 0.5); // the dollar sign alone is many currencies'
    }
    if (votes.isEmpty())
        return {};
    QString best;
    double bestVotes = 0, allVotes = 0;
    for (auto it = votes.cbegin(); it != votes.cend(); ++it) {
        allVotes += it.value();
        if (it.value() > bestVotes || (it.value() == bestVotes && it.key() < best)) {
            best = it.key();
            bestVotes = it.value();
        }
    }
    const double share = bestVotes / allVotes;
    const double strength = qMin(1.0, bestVotes / 2.0);
    return FieldValue { best, printed.value(best),
        qBound(0.0, (confidenceSum / hits) * share * (0.5 + 0.5 * strength), 1.0) };
}

QList<VatRow> FieldExtractor::vatRows(const TextLines &lines)
{
    static const QRegularExpression taxWord(
        u"\\b(VAT|MWST|MW\\.?ST|UST|UMSATZSTEUER|GST|SST|TAX|TVA|IVA|BTW|MOMS|ALV|SR|ZR|STEUER)\\b"_s, CI);
    // Allowances and charges carry a rate too ("Abschlag 10,00 19% USt -1,00"): no VAT row.
    static const QRegularExpression allowance(
        u"\\b(ABSCHLAG|ZUSCHLAG|RABATT|NACHLASS|SKONTO|ALLOWANCE|CHARGE|DISCOUNT|REMISE)\\b"_s, CI);
    // A rate printed in its own column, without the % sign ("Umsatzsteuer (S) 16,90 7 1,18" below a
    // header "Basisbetrag Steuersatz [%] Steuerbetrag").
    // A column header names the tax inside compounds ("Steuersatz [%]", "VAT rate %").
    static const QRegularExpression taxHeader(u"(STEUER|VAT|TAX|MWST|UST|GST|TVA|IVA|BTW)"_s, CI);
    static const QRegularExpression bareRate(u"^\\s*(\\d{1,2}(?:[.,]\\d{1,2})?)\\s*$"_s);
    // A base and the VAT on it agree to the cent (rounding tolerance: half a cent per rate step); credit
    // notes have both negative.
    const auto agree = [](qint64 base, qint64 vat, double rate) {
        if (base == 0 || (base < 0) != (vat < 0) || std::abs(base) <= std::abs(vat))
            return false;
        const double expected = std::abs(double(base)) * rate / 100.0;
        return std::abs(expected - std::abs(double(vat))) <= qMax(1.0, expected * 0.005);
    };
    QList<VatRow> rows;
    for (int i = 0; i < lines.size(); ++i) {
        const TextLine &line = lines.at(i);
        if (allowance.match(line.text).hasMatch())
            continue;
        const QList<Amount> amounts = moneyOn(line.text);
        if (amounts.isEmpty())
            continue;
        std::optional<double> rate = rateOf(line.text);
        VatRow row;
        bool agreed = false;
        if (!rate) {
            bool header = false;
            for (int j = qMax(0, i - 4); j < i && !header; ++j)
                header = lines.at(j).text.contains(u'%') && taxHeader.match(lines.at(j).text).hasMatch();
            if (!header && !taxWord.match(line.text).hasMatch())
                continue;
            for (qsizetype k = 0; k + 1 < amounts.size() && !agreed; ++k) {
                const Amount &base = amounts.at(k);
                const Amount &vat = amounts.at(k + 1);
                const auto m = bareRate.match(line.text.mid(base.end, vat.position - base.end));
                if (!m.hasMatch())
                    continue;
                const double r = QString(m.captured(1)).replace(u',', u'.').toDouble();
                // Rate 0: an exempt or reverse-charge row, VAT 0.
                if ((r == 0 && vat.cents == 0 && base.cents != 0)
                    || (r > 0 && r <= 30 && agree(base.cents, vat.cents, r))) {
                    rate = r;
                    row.base = centsText(base.cents);
                    row.amount = centsText(vat.cents);
                    agreed = true;
                }
            }
            if (!agreed)
                continue;
            row.rate = rateText(*rate);
        } else {
            if (*rate <= 0 || *rate > 30)
                continue;
            row.rate = rateText(*rate);
            for (const Amount &base : amounts) {
                for (const Amount &vat : amounts) {
                    if (&base == &vat || !agree(base.cents, vat.cents, *rate))
                        continue;
                    row.base = centsText(base.cents);
                    row.amount = centsText(vat.cents);
                    agreed = true;
                    break;
                }
                if (agreed)
                    break;
            }
            if (!agreed) {
                // One amount: the VAT of a tax line, never the total of a "TOTAL INCL. GST @6%" line.
                if (!taxWord.match(line.text).hasMatch() || totalWordIn(line.text))
                    continue;
                row.amount = centsText(amounts.last().cents);
            }
        }
        row.confidence = qBound(0.0, line.confidence * (agreed ? 1.0 : 0.5), 1.0);
        bool duplicate = false;
        for (const VatRow &r : rows)
            duplicate = duplicate || (r.rate == row.rate && r.base == row.base && r.amount == row.amount);
        if (!duplicate)
            rows.append(row);
    }
    return rows;
}

FieldExtractor::Total FieldExtractor::total(
    const TextLines &lines, const QList<VatRow> &vat, const FieldValue &currency)
{
    static const QRegularExpression totalWord(
        u"(GRAND\\s*TOTAL|TOTAL|AMOUNT\\s*DUE|AMOUNT\\s*PAYABLE|BALANCE\\s*DUE|NET\\s*AMOUNT|GESAMT\\w*|"
        "SUMME|ZU\\s*ZAHLEN|ZAHLBETRAG|RECHNUNGSBETRAG|ENDBETRAG|BRUTTO\\w*|JUMLAH|TO\\s*PAY|MONTANT|IMPORTE)"_s,
        CI);
    // The I of INCL is often read as l, 1 or | (one OCR confusion class of thin upright strokes).
    static const QRegularExpression inclusive(u"([I1L|]NCL|INKL|[I1L|]NC\\S?\\s*(GST|VAT|TAX)|BRUTTO)"_s, CI);
    // The tax inside a total, no total: "GST @6% included in total RM 0.75", "Total included GST: 1.42"
    // (where "Total (VAT included) 119.00" is the total with the tax in it).
    static const QRegularExpression taxIncluded(
        u"(INCLUDED\\s+IN\\s+(THE\\s+)?TOTAL|TOTAL\\s+INCLUDED\\s+(GST|VAT|TAX))"_s, CI);
    static const QRegularExpression notTotal(
        u"(SUB\\s*-?\\s*TOTAL|ZWISCHENSUMME|POSITIONSSUMME|NETTO|TOTAL\\s*(QTY|QUANTITY|ITEMS?|PCS|DISCOUNT|"
        u"SAVINGS?|"
        "UNITS?|NO\\.?\\s*OF|GST\\b|TAX\\b|VAT\\b)|\\bQTY\\b|EXCL|EXKL|EXCLUDING|\\bTAX\\b|\\bGST\\b|"
        "\\bVAT\\b|MWST|\\bUST\\b|"
        "DISCOUNT|RABATT|ABSCHL[AÄ]G|ZUSCHL[AÄ]G|ALLOWANCES?\\b|CHARGES\\b|CHANGE|CASH|TENDER|RÜCKGELD|"
        "GEGEBEN|ROUNDING\\s*ADJ|CREDIT|CARD|VISA|MASTER|"
        "POINTS?)"_s,
        CI);
    static const QRegularExpression rounded(u"ROUND"_s, CI);
    static const QRegularExpression dueWord(
        u"(AMOUNT\\s*DUE|AMOUNT\\s*PAYABLE|BALANCE\\s*DUE|ZAHLBETRAG|ZU\\s*ZAHLEN|TO\\s*PAY|RESTBETRAG)"_s,
        CI);
    static const QRegularExpression grandWord(u"(GRAND\\s*TOTAL|GESAMT|BRUTTO|TOTAL)"_s, CI);
    static const QRegularExpression paidWord(u"\\b(CASH|TUNAI|BAR|TENDERED|PAID|GEGEBEN)\\b"_s, CI);
    // Card payments (EDC: the card terminal) are paid to the cent: the amount is the total.
    static const QRegularExpression cardWord(
        u"\\b(EDC|CARD|VISA|MASTER\\s*CARD|MASTERCARD|AMEX|DEBIT|CREDIT\\s*CARD)\\b"_s, CI);
    static const QRegularExpression changeWord(u"\\b(CHANGE|BAKI|RÜCKGELD|WECHSELGELD)\\b"_s, CI);
    const auto isTotalLine = [](const QString &text) {
        return totalWord.match(text).hasMatch()
            && !(notTotal.match(text).hasMatch() && !inclusive.match(text).hasMatch())
            && !taxIncluded.match(text).hasMatch();
    };

    QList<Candidate> candidates;
    std::optional<qint64> paid;
    std::optional<qint64> change;
    QString paidMark, changeMark; // the currency marks printed before the paid and the change amount
    std::optional<qint64> card;
    std::optional<Candidate> adjustment; // the amount on a rounding line
    // Every amount on the page with its line, for finding one that the payment rows confirm.
    QList<Candidate> all;
    int illegibleTotalLine = -1; // the last line naming the total without an amount read
    for (int i = 0; i < lines.size(); ++i) {
        const TextLine &line = lines.at(i);
        const QString text = withTotalRepaired(line.text);
        QList<Amount> amounts = moneyOn(text);
        if (amounts.isEmpty() && i + 1 < lines.size() && letterCount(lines.at(i + 1).text) < 3)
            amounts = moneyOn(lines.at(i + 1).text); // the amount printed below its label
        if (amounts.isEmpty()) {
            if (isTotalLine(text))
                illegibleTotalLine = i;
            continue;
        }
        const Amount &last = amounts.last();
        const bool payment = paidWord.match(text).hasMatch();
        const bool changeLine = changeWord.match(text).hasMatch();
        // A dash before the tendered amount is a printed mark, no minus sign.
        if (payment && !paid) {
            paid = std::abs(last.cents);
            paidMark = last.mark;
        }
        if (changeLine && !change) {
            change = std::abs(last.cents);
            changeMark = last.mark;
        }
        if (rounded.match(text).hasMatch() && !adjustment)
            adjustment = Candidate { last.cents, last.printed, i, line.confidence, true, false, last.mark };
        // A payment row holds the one amount paid; a line with more is an item that names a card.
        if (cardWord.match(text).hasMatch() && amounts.size() == 1 && !payment && !changeLine && !card)
            card = last.cents;
        if (!payment && !changeLine) {
            for (const Amount &a : amounts)
                all.append(Candidate { a.cents, a.printed, i, line.confidence, false, false, a.mark });
        }
        if (!isTotalLine(text) || last.cents == 0)
            continue;
        candidates.append(
            Candidate { last.cents, last.printed, i, line.confidence, rounded.match(text).hasMatch(),
                dueWord.match(text).hasMatch() && !grandWord.match(text).hasMatch(), last.mark });
    }
    // A credit note's totals are all negative; otherwise a negative total line is an allowance or a
    // refund row, no total. Among a credit note's, the largest in magnitude is the total.
    bool creditNote = !candidates.isEmpty();
    for (const Candidate &c : candidates)
        creditNote = creditNote && c.cents < 0;
    if (!creditNote)
        candidates.removeIf([](const Candidate &c) { return c.cents < 0; });
    const auto magnitude = [creditNote](qint64 cents) { return creditNote ? -cents : cents; };
    // What the payment rows say was paid: cash tendered less the change, or a card payment.
    std::optional<qint64> settled;
    if (paid && change && *paid > *change && *change >= 0)
        settled = *paid - *change;
    else if (card && *card > 0)
        settled = *card;
    // What the VAT rows add up to, base plus VAT, when every row prints its base.
    std::optional<qint64> vatGross;
    if (!vat.isEmpty()) {
        qint64 gross = 0;
        bool allBases = true;
        for (const VatRow &row : vat) {
            allBases = allBases && !row.base.isEmpty();
            gross += qint64(std::llround(row.base.toDouble() * 100))
                + qint64(std::llround(row.amount.toDouble() * 100));
        }
        if (allBases)
            vatGross = gross;
    }
    Candidate chosen;
    double agreement = 0.7;
    const bool fromTotalLine = !candidates.isEmpty();
    bool fromPayments = false; // what the payment rows say was paid: no check on itself
    if (!candidates.isEmpty()) {
        // The invoice total is the grand total; the amount due differs from it after prepayments or
        // open credits, so a due line is the total only when no other total line was read.
        bool anyGrand = false;
        for (const Candidate &c : candidates)
            anyGrand = anyGrand || !c.due;
        chosen = Candidate {};
        for (const Candidate &c : candidates) {
            if ((c.due && anyGrand) || (chosen.line >= 0 && magnitude(c.cents) <= magnitude(chosen.cents)))
                continue;
            chosen = c;
        }
        // A total rounded to the smallest coin comes after the exact one and differs by less than a coin:
        // the rounded one is what is paid.
        for (const Candidate &c : candidates) {
            if (c.line > chosen.line && std::abs(c.cents - chosen.cents) < 5 && c.cents != chosen.cents)
                chosen = c;
        }
        agreement = candidates.size() > 1 ? 0.85 : 0.8;
        int same = 0;
        for (const Candidate &c : candidates)
            same += c.cents == chosen.cents ? 1 : 0;
        if (same > 1)
            agreement = 0.95;
        // The payment rows decide between total lines that disagree (a misread digit, a subtotal read as
        // a total), and name the total when no total line's amount is what was paid but another amount on
        // the page is.
        if (settled && chosen.cents != *settled) {
            const auto paidOne = [&](const QList<Candidate> &from) -> std::optional<Candidate> {
                for (const Candidate &c : from) {
                    if (c.cents == *settled)
                        return c;
                }
                return std::nullopt;
            };
            if (const auto c = paidOne(candidates))
                chosen = *c;
            else if (const auto other = paidOne(all))
                chosen = *other;
            else if (vatGross == settled)
                // Printed nowhere legible, but two independent sums agree on it against one misread line:
                // cash less change, and the VAT rows' base plus VAT.
                chosen = Candidate { *settled, centsText(*settled), chosen.line, chosen.confidence, false };
        }
    } else if (settled) {
        // No total line read: what was paid, where the page prints it, else as the payment rows give it —
        // with the currency mark both of them print (a receipt prints the amounts of its column alike).
        chosen = Candidate { *settled, centsText(*settled), -1, 0.6, false, false,
            paid && change && paidMark == changeMark ? paidMark : QString() };
        fromPayments = true;
        for (const Candidate &c : all) {
            if (c.cents == *settled) {
                chosen = c; // printed on the page: the payment rows confirm it
                fromPayments = false;
                break;
            }
        }
        agreement = 0.7;
    } else {
        // No total line read: the largest amount below the top third that is no payment or change.
        for (int i = int(lines.size() / 3); i < lines.size(); ++i) {
            const TextLine &line = lines.at(i);
            if (paidWord.match(line.text).hasMatch() || changeWord.match(line.text).hasMatch())
                continue;
            for (const Amount &a : moneyOn(line.text)) {
                if (a.cents > chosen.cents && a.cents < 100'000'000)
                    chosen = Candidate { a.cents, a.printed, i, line.confidence, false, false, a.mark };
            }
        }
        if (chosen.line < 0)
            return {};
        agreement = 0.4;
    }
    // Cash rounding (to 5 cents where the smallest coin is 5): a rounding line after the total gives either
    // the adjustment (under 5 cents; its minus sign is often lost, so the sign is the one that lands on a
    // multiple of 5) or the rounded total itself (within 5 cents of it, a multiple of 5). The rounded amount
    // is what is paid. An adjustment is applied to cash only: a document with no cash row, or in a currency
    // whose smallest coin is one cent (an invoice's rounding amount, EN 16931 BT-114), keeps its exact total.
    // A rounding line that prints the rounded total itself says so whatever the currency was read as (a
    // misread sign must not undo it).
    if (adjustment && adjustment->line > chosen.line && chosen.line >= 0 && chosen.cents % 5 != 0
        && (!settled || *settled != chosen.cents)) {
        const qint64 a = adjustment->cents;
        if (a != 0 && std::abs(a) < 5) {
            for (const qint64 adjusted : { chosen.cents + a, chosen.cents - a }) {
                if ((paid || roundsCashToFive(currency.value)) && adjusted % 5 == 0) {
                    chosen.cents = adjusted;
                    chosen.printed = centsText(adjusted);
                    break;
                }
            }
        } else if (a != chosen.cents && std::abs(a - chosen.cents) < 5 && a % 5 == 0) {
            chosen = *adjustment;
        }
    }
    // Cross-checks: cash less change, and the VAT rows' base plus VAT.
    const bool paidConfirms = !fromPayments && paid && change && *paid - *change == chosen.cents;
    const bool vatConfirms = vatGross && std::abs(*vatGross - chosen.cents) <= 5;
    if (paidConfirms)
        agreement = qMin(1.0, agreement + 0.1);
    if (vatConfirms)
        agreement = qMin(1.0, agreement + 0.1);
    // As printed: with the currency sign or code printed right before the amount ("RM 3.30", "$8.20"), or
    // the page's mark where OCR misread it there.
    if (chosen.mark.isEmpty() && chosen.line >= 0)
        chosen.mark = misreadMark(chosen.cents, lines.at(chosen.line).text, currency.printed);
    chosen.printed = chosen.mark + withDocumentSeparator(chosen.printed, lines);
    // In doubt: no legible total line gave it, or one below it names the total without an amount read (the
    // one read may be a part), and no independent sum confirms it (DocumentFields::totalInDoubt).
    const bool unsure = !fromTotalLine || illegibleTotalLine > chosen.line;
    const FieldValue field { centsText(chosen.cents), chosen.printed,
        qBound(0.0, chosen.confidence * agreement, 1.0) };
    return Total { field, chosen.line, unsure && !paidConfirms && !vatConfirms };
}

QList<LineItem> FieldExtractor::lineItems(const TextLines &lines, int totalLine)
{
    static const QRegularExpression skip(
        u"(TOTAL|SUMME|GESAMT|SUB\\s*TOTAL|TAX|GST|VAT|MWST|UST|CASH|CHANGE|TENDER|DISCOUNT|RABATT|ROUND|"
        "BALANCE|PAID|CARD|VISA|DATE|DATUM|TEL|FAX|INVOICE|RECHNUNG|%|NETTO|BRUTTO|QTY\\s*:|ITEMS?\\s*:)"_s,
        CI);
    static const QRegularExpression quantity(
        u"(?<![\\d.,])(\\d{1,4})\\s?[xX*@]\\s?(?=\\d)|^\\s*(\\d{1,4})\\s+(?=\\D)"_s);
    QList<LineItem> items;
    const int end = totalLine >= 0 ? totalLine : int(lines.size());
    for (int i = 1; i < end; ++i) {
        const TextLine &line = lines.at(i);
        if (skip.match(line.text).hasMatch())
            continue;
        const QList<Amount> amounts = moneyOn(line.text);
        if (amounts.isEmpty())
            continue;
        QString description = line.text.left(amounts.first().position).simplified();
        double confidence = line.confidence;
        if (letterCount(description) < 3 && i > 0) {
            const TextLine &above = lines.at(i - 1);
            if (moneyOn(above.text).isEmpty() && letterCount(above.text) >= 3
                && !skip.match(above.text).hasMatch()) {
                description = QString(above.text + u' ' + description).simplified();
                confidence = qMin(confidence, above.confidence);
            }
        }
        if (letterCount(description) < 3)
            continue;
        LineItem item;
        const auto q = quantity.match(line.text);
        if (q.hasMatch())
            item.quantity = q.captured(1).isEmpty() ? q.captured(2) : q.captured(1);
        item.description = description;
        item.amount = centsText(amounts.last().cents);
        item.confidence = qBound(0.0, confidence * 0.8, 1.0);
        items.append(item);
    }
    return items;
}

bool FieldExtractor::monthFirst(const TextLines &lines, const QString &currency)
{
    static const QRegularExpression usAddress(u"\\b[A-Z]{2}\\s\\d{5}(-\\d{4})?\\b|\\bUSA\\b|UNITED STATES"_s);
    if (currency != u"USD"_s)
        return false;
    for (const TextLine &line : lines) {
        if (usAddress.match(line.text).hasMatch())
            return true;
    }
    return false;
}

QStringList FieldExtractor::fillFromOtherReading(DocumentFields &fields, const DocumentFields &other)
{
    QStringList taken;
    const auto fill = [&taken](FieldValue &field, const FieldValue &from, const QString &name) {
        if (!field.value.isEmpty() || from.value.isEmpty())
            return;
        field = from;
        taken << name;
    };
    fill(fields.vendor, other.vendor, u"vendor"_s);
    fill(fields.vendorVatId, other.vendorVatId, u"vendor_vat_id"_s);
    fill(fields.date, other.date, u"date"_s);
    fill(fields.currency, other.currency, u"currency"_s);
    // The total where this reading lacks it, and where this reading's is in doubt and the other's is not;
    // the same total read from a legible line there ends the doubt.
    const bool doubtOnlyHere = fields.totalInDoubt && !other.totalInDoubt;
    if (other.total.value.isEmpty())
        return taken;
    if (other.total.value == fields.total.value) {
        fields.totalInDoubt = fields.totalInDoubt && other.totalInDoubt;
    } else if (fields.total.value.isEmpty() || doubtOnlyHere) {
        fields.total = other.total;
        fields.totalInDoubt = other.totalInDoubt;
        taken << u"total"_s;
    }
    return taken;
}

DocumentFields FieldExtractor::extract(const TextLines &lines)
{
    DocumentFields f;
    f.vendor = vendor(lines);
    f.vendorVatId = vatId(lines);
    f.currency = currency(lines);
    f.vat = vatRows(lines);
    const Total found = total(lines, f.vat, f.currency);
    f.total = found.field;
    f.totalInDoubt = found.inDoubt;
    f.items = lineItems(lines, found.line);
    f.total.printed = withCurrencySeparator(f.total.printed, f.currency.value);
    if (const auto date = DateFinder::find(lines, monthFirst(lines, f.currency.value)))
        f.date = FieldValue { date->date.toString(Qt::ISODate), date->printed, date->confidence };
    return f;
}

} // namespace ades::extract
