#include "XRechnungFormats.h"

#include "XRechnungRuleContext.h"

using namespace Qt::StringLiterals;

namespace ades::eu::xrechnung {

namespace {

bool isDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

bool isAsciiLetter(QChar c)
{
    return (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
}

// A cursor over one normalised Skonto line.
class SkontoLine
{
public:
    explicit SkontoLine(QStringView line)
        : m_line(line)
    { }

    bool literal(QStringView text)
    {
        if (!m_line.mid(m_at).startsWith(text))
            return false;
        m_at += text.size();
        return true;
    }
    bool digits()
    {
        const qsizetype from = m_at;
        while (m_at < m_line.size() && isDigit(m_line[m_at]))
            ++m_at;
        return m_at > from;
    }
    // <digits>.<two digits>
    bool twoPlaceNumber()
    {
        if (!digits() || !literal(u"."))
            return false;
        for (int i = 0; i < 2; ++i) {
            if (m_at >= m_line.size() || !isDigit(m_line[m_at]))
                return false;
            ++m_at;
        }
        return true;
    }
    bool atEnd() const { return m_at == m_line.size(); }

private:
    QStringView m_line;
    qsizetype m_at = 0;
};

bool skontoLineValid(QStringView line)
{
    SkontoLine cursor(line);
    if (!cursor.literal(u"#SKONTO#TAGE=") || !cursor.digits() || !cursor.literal(u"#PROZENT=")
        || !cursor.twoPlaceNumber())
        return false;
    if (cursor.literal(u"#BASISBETRAG=")) {
        cursor.literal(u"-");
        if (!cursor.twoPlaceNumber())
            return false;
    }
    return cursor.literal(u"#") && cursor.atEnd();
}

// Where the text after the last "#...#" run of a note starts: within one line (CR and LF end a run), a
// run goes from the line's first '#' to its last '#' when at least one character lies between them.
qsizetype endOfLastHashRun(QStringView note)
{
    qsizetype end = 0;
    qsizetype lineStart = 0;
    while (lineStart <= note.size()) {
        qsizetype lineEnd = lineStart;
        while (lineEnd < note.size() && note[lineEnd] != u'\n' && note[lineEnd] != u'\r')
            ++lineEnd;
        const QStringView line = note.mid(lineStart, lineEnd - lineStart);
        const qsizetype firstHash = line.indexOf(u'#');
        const qsizetype lastHash = line.lastIndexOf(u'#');
        if (firstHash >= 0 && lastHash >= firstHash + 2)
            end = lineStart + lastHash + 1;
        lineStart = lineEnd + 1;
    }
    return end;
}

// The rest of the note after its structured part starts with white space holding a line break.
bool endsStructuredPartWithBreak(QStringView note)
{
    for (qsizetype i = endOfLastHashRun(note); i < note.size(); ++i) {
        if (note[i] == u'\n')
            return true;
        if (!XRechnungRuleContext::isXmlSpace(note[i]))
            return false;
    }
    return false;
}

} // namespace

bool XRechnungFormats::skontoTermsValid(const QStringList &notes)
{
    bool structured = false;
    for (const QString &note : notes) {
        for (QStringView line : QStringView(note).split(u'\n')) {
            const QString normalised = XRechnungRuleContext::normalizeSpace(line);
            if (!normalised.startsWith(u'#'))
                continue;
            structured = true;
            if (!skontoLineValid(normalised))
                return false;
        }
    }
    if (!structured)
        return true;
    for (const QString &note : notes) {
        if (!note.isEmpty() && !endsStructuredPartWithBreak(note))
            return false;
    }
    return true;
}

bool XRechnungFormats::telephoneHasThreeDigits(QStringView telephone)
{
    int digits = 0;
    for (QChar c : telephone) {
        if (isDigit(c) && ++digits == 3)
            return true;
    }
    return false;
}

bool XRechnungFormats::plausibleEmail(QStringView email)
{
    const qsizetype at = email.indexOf(u'@');
    if (at <= 0)
        return false;
    for (QChar c : email.left(at)) {
        if (XRechnungRuleContext::isXmlSpace(c))
            return false;
    }
    const QStringView domain = email.mid(at + 1);
    int labels = 0;
    qsizetype labelLength = 0;
    for (QChar c : domain) {
        if (c == u'@' || XRechnungRuleContext::isXmlSpace(c))
            return false;
        if (c == u'.') {
            if (labelLength == 0)
                return false;
            ++labels;
            labelLength = 0;
            continue;
        }
        ++labelLength;
    }
    return labelLength > 0 && labels >= 1;
}

bool XRechnungFormats::absoluteUrl(QStringView uri)
{
    if (uri.isEmpty() || !isAsciiLetter(uri[0]))
        return false;
    qsizetype i = 1;
    while (i < uri.size()
        && (isAsciiLetter(uri[i]) || isDigit(uri[i]) || uri[i] == u'+' || uri[i] == u'.' || uri[i] == u'-'))
        ++i;
    return i >= 2 && i < uri.size() && uri[i] == u':';
}

bool XRechnungFormats::ibanValid(QStringView accountId)
{
    QString iban;
    for (QChar c : accountId) {
        if (!XRechnungRuleContext::isXmlSpace(c))
            iban.append(c);
    }
    if (iban.size() < 4 || iban.size() > 34)
        return false;
    for (qsizetype i = 0; i < iban.size(); ++i) {
        const QChar c = iban[i];
        const bool ok
            = i < 2 ? (c >= u'A' && c <= u'Z') : (i < 4 ? isDigit(c) : (isDigit(c) || isAsciiLetter(c)));
        if (!ok)
            return false;
    }
    // Country code and check digits move to the end; each character becomes the decimal number of its
    // code point minus 55 (letters) or minus 48 (digits), and the concatenation must leave 1 modulo 97.
    const QString rearranged = iban.mid(4) + iban.left(4);
    int remainder = 0;
    for (QChar c : rearranged) {
        const int value = c.unicode() > 64 ? c.unicode() - 55 : c.unicode() - 48;
        remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
    }
    return remainder == 1;
}

} // namespace ades::eu::xrechnung
