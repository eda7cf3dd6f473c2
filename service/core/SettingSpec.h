#pragma once

#include <QList>
#include <QString>
#include <functional>
#include <optional>

namespace ades {

// One operator setting, declared once by the part of the program that reads it: key, kind, default, the
// values it accepts and one sentence for the docs and the console. Settings::get() reads through the
// declaration; ServiceContext checks every declared key at start-up and refuses to start on a bad value,
// and the console's settings page checks an edit with the same rule before it is saved.
struct SettingSpec
{
    enum class Kind
    {
        Text,
        Integer,
        Boolean,
        Url, // http or https with a host; empty means "none" where the summary says so
        List, // comma-separated
        Secret, // never shown in listings
    };
    // Why `value` is not acceptable, or empty when it is.
    using Check = std::function<QString(const QString &value)>;

    QString key; // "http/max_body_bytes"
    Kind kind = Kind::Text;
    // Text form of the default. Empty where the default is derived from other settings; the summary then
    // says from which.
    QString defaultValue;
    QString summary;
    qint64 minimum = 0; // integers only
    qint64 maximum = 0;
    Check check;

    // Why `value` cannot be used for this setting, or empty when it can. An empty value always can: it means
    // "the default".
    QString problem(const QString &value) const;
    static QString kindName(Kind kind);
    // 1/true/yes/on and 0/false/no/off, any case; nothing else.
    static std::optional<bool> parseBoolean(const QString &value);
};

// Typed handles, so that a reader gets the declared type and default (Settings::get).
struct TextSetting
{
    SettingSpec spec;
};
struct IntSetting
{
    SettingSpec spec;
};
struct BoolSetting
{
    SettingSpec spec;
};

TextSetting textSetting(
    const QString &key, const QString &defaultValue, const QString &summary, SettingSpec::Check check = {});
TextSetting urlSetting(const QString &key, const QString &defaultValue, const QString &summary);
TextSetting listSetting(
    const QString &key, const QString &defaultValue, const QString &summary, SettingSpec::Check check = {});
TextSetting secretSetting(const QString &key, const QString &summary, SettingSpec::Check check = {});
IntSetting intSetting(
    const QString &key, qint64 defaultValue, qint64 minimum, qint64 maximum, const QString &summary);
BoolSetting boolSetting(const QString &key, bool defaultValue, const QString &summary);

// The declarations of one owner, for the start-up check, `ades settings` and the console.
using SettingSpecs = QList<SettingSpec>;

} // namespace ades
