#include "EmailAddress.h"

#include <QStringList>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades {

namespace {

constexpr qsizetype MaxAddressBytes = 254;
constexpr qsizetype MaxLocalBytes = 64;
constexpr qsizetype MaxLabelBytes = 63;

// RFC 5322 atext: letters, digits and these, plus (RFC 6531) any character beyond ASCII.
bool isAtomCharacter(char32_t c)
{
    if (c >= 0x80)
        return true;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
        return true;
    return QStringView(u"!#$%&'*+-/=?^_`{|}~").contains(QChar(char16_t(c)));
}

bool isLabelCharacter(char32_t c)
{
    return c >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
        || c == '-';
}

QString codePoint(char32_t c)
{
    return u"U+%1"_s.arg(QString::number(uint(c), 16).toUpper().rightJustified(4, u'0'));
}

// Characters that are invisible or change how text around them is read: never part of an address.
std::optional<QString> hiddenCharacter(const QString &text)
{
    for (const char32_t c : text.toUcs4()) {
        switch (QChar::category(c)) {
        case QChar::Other_Control:
            return u"contains the control character %1"_s.arg(codePoint(c));
        case QChar::Other_Format:
            return u"contains the invisible format character %1"_s.arg(codePoint(c));
        case QChar::Other_Surrogate:
            return u"contains the unpaired surrogate %1"_s.arg(codePoint(c));
        case QChar::Separator_Space:
        case QChar::Separator_Line:
        case QChar::Separator_Paragraph:
            return u"contains white space (%1)"_s.arg(codePoint(c));
        default:
            break;
        }
        if (c == 0xFFFE || c == 0xFFFF || c == 0xFFFD)
            return u"contains the character %1, which is no text"_s.arg(codePoint(c));
    }
    return std::nullopt;
}

std::optional<QString> localPartProblem(const QString &local)
{
    if (local.isEmpty())
        return u"has nothing before the @"_s;
    if (local.toUtf8().size() > MaxLocalBytes)
        return u"has more than %1 bytes before the @"_s.arg(MaxLocalBytes);
    if (local.startsWith(u'"'))
        return u"has a quoted part before the @, which is not accepted"_s;
    if (local.startsWith(u'.') || local.endsWith(u'.') || local.contains(u".."_s))
        return u"has a dot at the start or end of the part before the @, or two in a row"_s;
    for (const char32_t c : local.toUcs4()) {
        if (c != '.' && !isAtomCharacter(c))
            return u"has '%1' before the @, which an address cannot hold unquoted"_s.arg(
                QString::fromUcs4(&c, 1));
    }
    return std::nullopt;
}

std::optional<QString> domainProblem(const QString &domain)
{
    if (domain.isEmpty())
        return u"has no domain after the @"_s;
    if (domain.startsWith(u'['))
        return u"has an address literal as its domain, which is not accepted"_s;
    const QStringList labels = domain.split(u'.');
    if (labels.size() < 2)
        return u"has a domain without a dot (%1)"_s.arg(domain);
    for (const QString &label : labels) {
        if (label.isEmpty())
            return u"has an empty label in its domain (a dot at the start or end, or two in a row)"_s;
        if (label.toUtf8().size() > MaxLabelBytes)
            return u"has a domain label longer than %1 bytes"_s.arg(MaxLabelBytes);
        if (label.startsWith(u'-') || label.endsWith(u'-'))
            return u"has a domain label that starts or ends with '-'"_s;
        for (const char32_t c : label.toUcs4()) {
            if (!isLabelCharacter(c))
                return u"has '%1' in its domain, which a host name cannot hold"_s.arg(
                    QString::fromUcs4(&c, 1));
        }
    }
    const QString top = labels.last();
    const bool numeric = std::all_of(top.cbegin(), top.cend(), [](QChar c) { return c.isDigit(); });
    if (numeric || top.size() < 2)
        return u"has '%1' as its top-level domain"_s.arg(top);
    return std::nullopt;
}

} // namespace

std::optional<QString> EmailAddress::problem(const QString &address)
{
    if (address.isEmpty())
        return u"is empty"_s;
    // First, so that the reason never quotes an invisible character back.
    if (std::optional<QString> hidden = hiddenCharacter(address))
        return hidden;
    if (address.toUtf8().size() > MaxAddressBytes)
        return u"is longer than %1 bytes"_s.arg(MaxAddressBytes);
    const qsizetype at = address.indexOf(u'@');
    if (at < 0)
        return u"has no @"_s;
    if (address.indexOf(u'@', at + 1) >= 0)
        return u"has more than one @"_s;
    if (std::optional<QString> local = localPartProblem(address.left(at)))
        return local;
    return domainProblem(address.mid(at + 1));
}

} // namespace ades
