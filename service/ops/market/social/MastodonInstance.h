#pragma once

#include <QList>
#include <QString>
#include <QUrl>

namespace ades::market {

// One Mastodon instance the operator lets social search read (market/social/mastodon_instances): a host
// name, with a port if needed, reached over https; or an http(s) origin, where plain http is accepted for
// loopback hosts only (a local or test instance), so that no public post is fetched in clear text.
struct MastodonInstance
{
    QString label; // "mastodon.social", "127.0.0.1:8443": how results name it
    QUrl origin; // "https://mastodon.social"

    // Why `entry` is not an instance, or empty when it is.
    static QString problem(const QString &entry);
    // The instances of the setting's comma-separated value; entries with a problem are left out (the
    // setting's check refuses them at start-up). Duplicates are read once.
    static QList<MastodonInstance> parseList(const QString &value);
    // Why the list cannot be used (an entry's problem, too many entries), or empty.
    static QString listProblem(const QString &value);

    static constexpr int MaxInstances = 10;
};

} // namespace ades::market
