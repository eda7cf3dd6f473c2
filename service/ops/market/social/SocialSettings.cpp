#include "SocialSettings.h"

#include "MastodonInstance.h"

#include <QRegularExpression>

using namespace Qt::StringLiterals;

namespace ades::market {

namespace {

QString handleProblem(const QString &value)
{
    // A handle ("alice.bsky.social"), a DID or the account's e-mail: what createSession takes as identifier.
    if (value.size() > 253 || value.contains(QRegularExpression(u"\\s"_s)))
        return u"not a Bluesky handle, DID or e-mail address"_s;
    return {};
}

} // namespace

QString SocialSettings::appPasswordProblem(const QString &value)
{
    static const QRegularExpression form(
        QRegularExpression::anchoredPattern(u"[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}-[a-z0-9]{4}"_s));
    if (!form.match(value).hasMatch())
        return u"not a Bluesky app password (xxxx-xxxx-xxxx-xxxx, made under Settings > App passwords); "
               "never the account's own password"_s;
    return {};
}

const TextSetting SocialSettings::BlueskyHandle = textSetting(u"market/social/bluesky_handle"_s, QString(),
    u"Bluesky account social search signs in with (handle, DID or e-mail); empty: anonymous search on the "
    "public AppView, which Bluesky often refuses"_s,
    &handleProblem);

const TextSetting SocialSettings::BlueskyAppPassword = secretSetting(u"market/social/bluesky_app_password"_s,
    u"app password of market/social/bluesky_handle (xxxx-xxxx-xxxx-xxxx); both must be set to sign in"_s,
    &SocialSettings::appPasswordProblem);

const TextSetting SocialSettings::MastodonInstances
    = listSetting(u"market/social/mastodon_instances"_s, u"mastodon.social"_s,
        u"Mastodon instances whose public hashtag timelines social search reads: host names (https), at most "
        "10; http://host:port only for a loopback instance"_s,
        &MastodonInstance::listProblem);

const IntSetting SocialSettings::FreshnessSeconds = intSetting(u"market/social/freshness_seconds"_s, 60, 1,
    3600,
    u"how long one source's answer to one query is reused before it is asked again (a failed answer: 2 s)"_s);

SettingSpecs SocialSettings::all()
{
    return { BlueskyHandle.spec, BlueskyAppPassword.spec, MastodonInstances.spec, FreshnessSeconds.spec };
}

} // namespace ades::market
