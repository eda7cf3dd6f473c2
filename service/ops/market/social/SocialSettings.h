#pragma once

#include "core/SettingSpec.h"

namespace ades::market {

// The settings of market.social (docs/market-social.md, "Settings"). The upstream endpoints themselves are
// the sources' settings: upstream/bluesky/base_url (the public AppView), upstream/bluesky-pds/base_url
// (where the operator's account signs in) and upstream/mastodon/timeout_ms.
namespace SocialSettings {

// Signing in is optional: anonymous search on the public AppView is often refused (HTTP 403), so an
// operator who wants Bluesky results reliably gives an account and one of its app passwords.
extern const TextSetting BlueskyHandle;
extern const TextSetting BlueskyAppPassword;
extern const TextSetting MastodonInstances;
extern const IntSetting FreshnessSeconds;

// Why a Bluesky app password is unusable: only the xxxx-xxxx-xxxx-xxxx form Bluesky issues is taken, so
// that the account's own password is never configured here.
QString appPasswordProblem(const QString &value);

SettingSpecs all();

} // namespace SocialSettings

} // namespace ades::market
