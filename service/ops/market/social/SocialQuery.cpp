#include "SocialQuery.h"

namespace ades::market {

namespace {

QString tagOf(const QString &word)
{
    QString tag;
    for (const QChar c : word) {
        if (c.isLetterOrNumber() || c == u'_')
            tag += c;
    }
    tag = tag.toLower();
    bool allDigits = true;
    for (const QChar c : std::as_const(tag))
        allDigits = allDigits && c.isDigit();
    if (tag.isEmpty() || allDigits || tag.size() > SocialQuery::MaxHashtagChars)
        return {};
    return tag;
}

} // namespace

SocialQuery SocialQuery::from(const QString &q)
{
    SocialQuery query;
    query.text = q.simplified();
    const QStringList words = query.text.split(u' ', Qt::SkipEmptyParts);
    for (const QString &word : words) {
        if (!word.startsWith(u'#'))
            continue;
        const QString tag = tagOf(word.mid(1));
        if (!tag.isEmpty() && !query.hashtags.contains(tag) && query.hashtags.size() < MaxHashtags)
            query.hashtags.append(tag);
    }
    if (!query.hashtags.isEmpty())
        return query;
    QString joined;
    for (const QString &word : words) {
        if (word.contains(u':') || word.startsWith(u'-'))
            continue;
        joined += word;
    }
    if (const QString tag = tagOf(joined); !tag.isEmpty())
        query.hashtags.append(tag);
    return query;
}

bool SocialQuery::isSearchable(const QString &q)
{
    for (const QChar c : q) {
        if (c.isLetterOrNumber())
            return true;
    }
    return false;
}

} // namespace ades::market
