#include "CodeList.h"

#include <QFile>
#include <QHash>

using namespace Qt::StringLiterals;

namespace ades::eu {

CodeList CodeList::parse(const QByteArray &text)
{
    CodeList list;
    for (const QByteArray &raw : text.split('\n')) {
        const QByteArray line = raw.trimmed();
        if (line.isEmpty() || line.startsWith('#'))
            continue;
        if (line.startsWith("list:")) {
            list.m_name = QString::fromUtf8(line.mid(5).trimmed());
            continue;
        }
        if (line.contains(':') && !line.contains(' ')) {
            // A directive ADES does not know (no code of these lists holds a colon).
            list.m_errors << u"unknown directive '%1'"_s.arg(QString::fromUtf8(line));
            continue;
        }
        for (const QByteArray &code : line.simplified().split(' '))
            list.m_codes.insert(QString::fromUtf8(code));
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
                list.m_errors << u"the resource of list '%1' cannot be read"_s.arg(file);
            if (list.m_name.isEmpty())
                list.m_name = file;
            all.insert(file, list);
        }
        all.insert(
            u"uncl1001-cii"_s, all.value(u"uncl1001-invoice"_s).united(all.value(u"uncl1001-credit-note"_s)));
        all.insert(u"vatex"_s, all.value(u"vatex"_s).upperCased());
        return all;
    }();
    static const CodeList unknown = [] {
        CodeList list;
        list.m_errors << u"no such code list"_s;
        return list;
    }();
    const auto it = lists.constFind(name);
    return it == lists.cend() ? unknown : it.value();
}

CodeList::Verdict CodeList::verdict(const QString &value) const
{
    const QString v = m_upper ? value.toUpper() : value;
    return m_codes.contains(v) ? Verdict::Listed : Verdict::Rejected;
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
    return u;
}

} // namespace ades::eu
