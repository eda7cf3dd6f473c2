#include "CodeList.h"

#include <QFile>
#include <QHash>

using namespace Qt::StringLiterals;

namespace ades::eu {

CodeList CodeList::parse(const QByteArray &text)
{
    CodeList list;
    bool rejectedSection = false;
    QString format;
    for (const QByteArray &raw : text.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        if (line.startsWith("list:")) {
            list.m_name = QString::fromUtf8(line.mid(5).trimmed());
            continue;
        }
        if (line.startsWith("coverage:")) {
            const QByteArray value = line.mid(9).trimmed();
            if (value == "partial")
                list.m_coverage = Coverage::Partial;
            else if (value != "complete")
                list.m_errors << u"unknown coverage '%1'"_s.arg(QString::fromUtf8(value));
            continue;
        }
        if (line.startsWith("format:")) {
            format = QString::fromUtf8(line.mid(7).trimmed());
            continue;
        }
        if (line == "rejected:") {
            rejectedSection = true;
            continue;
        }
        for (const QByteArray &code : line.simplified().split(' '))
            (rejectedSection ? list.m_rejected : list.m_codes).insert(QString::fromUtf8(code));
    }
    if (!format.isEmpty()) {
        list.m_format.setPattern(QRegularExpression::anchoredPattern(format));
        if (!list.m_format.isValid())
            list.m_errors << u"invalid format '%1'"_s.arg(format);
    }
    if (list.m_coverage == Coverage::Partial && format.isEmpty())
        list.m_errors << u"a partial list needs a format"_s;
    for (const QString &code : std::as_const(list.m_codes)) {
        if (list.m_rejected.contains(code))
            list.m_errors << u"'%1' is both listed and rejected"_s.arg(code);
        if (!format.isEmpty() && !list.wellFormed(code))
            list.m_errors << u"listed code '%1' does not match the format"_s.arg(code);
    }
    return list;
}

const CodeList &CodeList::named(const QString &name)
{
    // Loaded once per process (thread-safe static initialisation), then shared read-only.
    static const QHash<QString, CodeList> lists = [] {
        QHash<QString, CodeList> all;
        for (const QString &file : { u"uncl1001-invoice"_s, u"uncl1001-credit-note"_s, u"uncl1153"_s,
                 u"uncl4451"_s, u"iso6523-icd"_s, u"uncl7143"_s, u"uncl4461"_s, u"uncl5189"_s, u"uncl7161"_s,
                 u"vatex"_s, u"eas"_s, u"rec20-units"_s, u"iso3166-alpha2"_s, u"iso4217"_s, u"mime-codes"_s,
                 u"uncl5305-vat-categories"_s }) {
            QFile resource(u":/einvoice/%1.txt"_s.arg(file));
            CodeList list;
            if (resource.open(QIODevice::ReadOnly))
                list = parse(resource.readAll());
            else
                list.m_coverage = Coverage::Partial;
            if (list.m_name.isEmpty())
                list.m_name = file;
            all.insert(file, list);
        }
        all.insert(
            u"uncl1001-cii"_s, all.value(u"uncl1001-invoice"_s).united(all.value(u"uncl1001-credit-note"_s)));
        all.insert(u"vatex"_s, all.value(u"vatex"_s).upperCased());
        return all;
    }();
    static const CodeList empty = [] {
        CodeList list;
        list.m_coverage = Coverage::Partial;
        return list;
    }();
    const auto it = lists.constFind(name);
    return it == lists.cend() ? empty : it.value();
}

bool CodeList::wellFormed(const QString &value) const
{
    return m_format.pattern().isEmpty() || m_format.match(value).hasMatch();
}

CodeList::Verdict CodeList::verdict(const QString &value) const
{
    const QString v = m_upper ? value.toUpper() : value;
    if (m_codes.contains(v))
        return Verdict::Listed;
    if (m_coverage == Coverage::Complete || m_rejected.contains(v))
        return Verdict::Rejected;
    // The artefact compares normalize-space(value) against a blank-separated list: an empty value or one
    // with inner blanks can never match, whatever the list holds.
    if (v.isEmpty() || v.contains(u' ') || !wellFormed(v))
        return Verdict::Rejected;
    return Verdict::Undecided;
}

QStringList CodeList::errors() const
{
    return m_errors;
}

CodeList CodeList::united(const CodeList &other) const
{
    CodeList u = *this;
    u.m_name = m_name == other.m_name ? m_name : m_name + u" + "_s + other.m_name;
    u.m_codes.unite(other.m_codes);
    u.m_rejected.intersect(other.m_rejected);
    u.m_rejected.subtract(u.m_codes);
    if (m_coverage == Coverage::Partial || other.m_coverage == Coverage::Partial)
        u.m_coverage = Coverage::Partial;
    if (!m_format.pattern().isEmpty() && !other.m_format.pattern().isEmpty()
        && m_format.pattern() != other.m_format.pattern())
        u.m_format.setPattern(QRegularExpression::anchoredPattern(
            u"(?:%1)|(?:%2)"_s.arg(m_format.pattern(), other.m_format.pattern())));
    else if (m_format.pattern().isEmpty() || other.m_format.pattern().isEmpty())
        u.m_format.setPattern(QString());
    u.m_errors << other.m_errors;
    return u;
}

CodeList CodeList::upperCased() const
{
    CodeList u = *this;
    u.m_upper = true;
    u.m_codes.clear();
    for (const QString &code : m_codes)
        u.m_codes.insert(code.toUpper());
    u.m_rejected.clear();
    for (const QString &code : m_rejected)
        u.m_rejected.insert(code.toUpper());
    return u;
}

} // namespace ades::eu
