#include "Settings.h"

#include <QDir>
#include <QFile>
#include <QProcessEnvironment>
#include <QSettings>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace ades {

QString Settings::environmentName(const QString &key)
{
    QString name = key.toUpper();
    name.replace(u'/', u'_');
    name.replace(u'.', u'_');
    name.replace(u'-', u'_');
    return u"ADES_"_s + name;
}

Settings Settings::load(const QString &dataDir)
{
    Settings settings;
    settings.m_dataDir = dataDir;
    QSettings ini(QDir(dataDir).filePath(iniFileName()), QSettings::IniFormat);
    const QStringList keys = ini.allKeys();
    for (const QString &key : keys)
        settings.m_values.insert(key, ini.value(key).toString());
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QStringList names = env.keys();
    for (const QString &name : names) {
        if (!name.startsWith(u"ADES_"_s))
            continue;
        // Kept under their variable name: value() looks the key's variable up first, so the environment wins.
        settings.m_values.insert(u"env:"_s + name, env.value(name));
    }
    return settings;
}

Settings Settings::fromValues(const QString &dataDir, const QHash<QString, QString> &values)
{
    Settings settings;
    settings.m_dataDir = dataDir;
    settings.m_values = values;
    return settings;
}

QString Settings::value(const QString &key, const QString &defaultValue) const
{
    const auto fromEnv = m_values.constFind(u"env:"_s + environmentName(key));
    if (fromEnv != m_values.cend())
        return fromEnv.value();
    const auto it = m_values.constFind(key);
    return it == m_values.cend() ? defaultValue : it.value();
}

void Settings::setFromCommandLine(const QString &key, const QString &value)
{
    m_values.remove(u"env:"_s + environmentName(key));
    m_values.insert(key, value);
}

QString Settings::effective(const SettingSpec &spec) const
{
    const QString v = value(spec.key).trimmed();
    return v.isEmpty() || !spec.problem(v).isEmpty() ? spec.defaultValue : v;
}

QString Settings::get(const TextSetting &setting) const
{
    return effective(setting.spec);
}

int Settings::get(const IntSetting &setting) const
{
    return effective(setting.spec).toInt();
}

bool Settings::get(const BoolSetting &setting) const
{
    return SettingSpec::parseBoolean(effective(setting.spec)).value_or(false);
}

QStringList Settings::problems(const SettingSpecs &specs) const
{
    QStringList found;
    for (const SettingSpec &spec : specs) {
        const QString why = spec.problem(value(spec.key));
        if (!why.isEmpty())
            found.append(u"%1 (%2): %3"_s.arg(spec.key, environmentName(spec.key), why));
    }
    return found;
}

QStringList Settings::unknownKeys(const SettingSpecs &specs) const
{
    QStringList unknown;
    for (auto it = m_values.cbegin(); it != m_values.cend(); ++it) {
        if (it.key().startsWith(u"env:"_s))
            continue;
        const bool known = std::any_of(specs.cbegin(), specs.cend(), [&it](const SettingSpec &spec) {
            // A declaration ending in '/' names a family of keys (upstream/<source>/...).
            return spec.key.endsWith(u'/') ? it.key().startsWith(spec.key) : it.key() == spec.key;
        });
        if (!known)
            unknown.append(it.key());
    }
    unknown.sort();
    return unknown;
}

bool Settings::writeToIni(const QString &key, const QString &value) const
{
    const QString path = QDir(m_dataDir).filePath(iniFileName());
    QSettings ini(path, QSettings::IniFormat);
    ini.setValue(key, value);
    ini.sync();
    // ades.ini holds upstream API keys and secrets: owner-only, like the issuer key.
    QFile::setPermissions(path, QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    return ini.status() == QSettings::NoError;
}

} // namespace ades
