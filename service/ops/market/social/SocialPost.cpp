#include "SocialPost.h"

#include "core/Clock.h"

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QJsonValue count(const std::optional<qint64> &value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonValue textOrNull(const QString &text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

} // namespace

qint64 SocialPost::engagementTotal() const
{
    return replies.value_or(0) + reposts.value_or(0) + likes.value_or(0) + quotes.value_or(0);
}

QJsonObject SocialPost::toJson() const
{
    return {
        { u"network"_s, network },
        { u"id"_s, id },
        { u"author"_s,
            QJsonObject { { u"handle"_s, authorHandle }, { u"display_name"_s, textOrNull(authorName) },
                { u"url"_s, textOrNull(authorUrl) } } },
        { u"text"_s, text },
        { u"language"_s, textOrNull(language) },
        { u"content_warning"_s, textOrNull(contentWarning) },
        { u"created_at"_s, isoUtc(createdAt) },
        { u"engagement"_s,
            QJsonObject { { u"replies"_s, count(replies) }, { u"reposts"_s, count(reposts) },
                { u"likes"_s, count(likes) }, { u"quotes"_s, count(quotes) } } },
        { u"link"_s, textOrNull(link) },
    };
}

} // namespace ades::market
