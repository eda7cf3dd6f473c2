#include "SettingSpec.h"

#include <QUrl>

using namespace Qt::StringLiterals;

namespace ades {

std::optional<bool> SettingSpec::parseBoolean(const QString &value)
{
    const QString v = value.trimmed().toLower();
    if (v == u"1"_s || v == u"true"_s || v == u"yes"_s || v == u"on"_s)
        return true;
    if (v == u"0"_s || v == u"false"_s || v == u"no"_s || v == u"off"_s)
        return false;
    return std::nullopt;
}

QString SettingSpec::problem(const QString &value) const
{
    const QString v = value.trimmed();
    if (v.isEmpty())
        return {};
    switch (kind) {
    case Kind::Integer: {
        bool ok = false;
        const qint64 n = v.toLongLong(&ok);
        if (!ok || n < minimum || n > maximum)
            return u"must be a whole number from %1 to %2"_s.arg(minimum).arg(maximum);
        break;
    }
    case Kind::Boolean:
        if (!parseBoolean(v))
            return u"must be true or false"_s;
        break;
    case Kind::Url: {
        const QUrl url(v, QUrl::StrictMode);
        if (!url.isValid() || (url.scheme() != u"http"_s && url.scheme() != u"https"_s)
            || url.host().isEmpty())
            return u"must be an http or https URL with a host"_s;
        break;
    }
    case Kind::Text:
    case Kind::List:
    case Kind::Secret:
        break;
    }
    return check ? check(v) : QString();
}

QString SettingSpec::kindName(Kind kind)
{
    switch (kind) {
    case Kind::Text:
        return u"text"_s;
    case Kind::Integer:
        return u"integer"_s;
    case Kind::Boolean:
        return u"boolean"_s;
    case Kind::Url:
        return u"url"_s;
    case Kind::List:
        return u"list"_s;
    case Kind::Secret:
        return u"secret"_s;
    }
    return {};
}

TextSetting textSetting(
    const QString &key, const QString &defaultValue, const QString &summary, SettingSpec::Check check)
{
    return { SettingSpec { key, SettingSpec::Kind::Text, defaultValue, summary, 0, 0, std::move(check) } };
}

TextSetting urlSetting(const QString &key, const QString &defaultValue, const QString &summary)
{
    return { SettingSpec { key, SettingSpec::Kind::Url, defaultValue, summary, 0, 0, {} } };
}

TextSetting listSetting(
    const QString &key, const QString &defaultValue, const QString &summary, SettingSpec::Check check)
{
    return { SettingSpec { key, SettingSpec::Kind::List, defaultValue, summary, 0, 0, std::move(check) } };
}

TextSetting secretSetting(const QString &key, const QString &summary, SettingSpec::Check check)
{
    return { SettingSpec { key, SettingSpec::Kind::Secret, QString(), summary, 0, 0, std::move(check) } };
}

IntSetting intSetting(
    const QString &key, qint64 defaultValue, qint64 minimum, qint64 maximum, const QString &summary)
{
    return { SettingSpec {
        key, SettingSpec::Kind::Integer, QString::number(defaultValue), summary, minimum, maximum, {} } };
}

BoolSetting boolSetting(const QString &key, bool defaultValue, const QString &summary)
{
    return { SettingSpec {
        key, SettingSpec::Kind::Boolean, defaultValue ? u"true"_s : u"false"_s, summary, 0, 0, {} } };
}

} // namespace ades
