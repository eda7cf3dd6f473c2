#pragma once

#include "core/SettingSpec.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace ades {

// Operator settings: `ades.ini` in the data folder, every key overridable by an environment variable
// (`x402/payto_evm` <- ADES_X402_PAYTO_EVM). A value snapshot: read once, shared read-only by all threads.
// Every key is declared once (SettingSpec) by the part that reads it; read it through get() with that
// declaration. docs/configuration.md lists every key.
class Settings
{
public:
    Settings() = default;
    // Reads DIR/ades.ini (absent file = defaults) and the ADES_* environment.
    static Settings load(const QString &dataDir);
    // For tests: exactly these values, no file, no environment.
    static Settings fromValues(const QString &dataDir, const QHash<QString, QString> &values);

    static QString environmentName(const QString &key);
    static QString iniFileName() { return QStringLiteral("ades.ini"); }

    QString dataDir() const { return m_dataDir; }
    // The configured value, else the declared default. A value the declaration refuses reads as the default
    // (ServiceContext refuses to start with one, so this only matters for tools reading settings alone).
    QString get(const TextSetting &setting) const;
    int get(const IntSetting &setting) const;
    bool get(const BoolSetting &setting) const;
    // "KEY (ADES_KEY): why" for every configured value a declaration refuses.
    QStringList problems(const SettingSpecs &specs) const;
    // Keys in ades.ini that no declaration knows (typos), for a start-up warning. A declaration whose key
    // ends in '/' covers a family of keys ("x402/rpc/").
    QStringList unknownKeys(const SettingSpecs &specs) const;

    // The raw configured value (the environment first): for key families (x402/rpc/<network>) and for code
    // that must see a value its declaration would refuse. Prefer get().
    QString value(const QString &key, const QString &defaultValue = {}) const;
    bool contains(const QString &key) const { return m_values.contains(key); }
    // A command-line option: wins over both the file and the environment (`ades serve --listen`).
    void setFromCommandLine(const QString &key, const QString &value);
    // Writes one key to DIR/ades.ini (the console's settings page). The environment still wins on load.
    bool writeToIni(const QString &key, const QString &value) const;

private:
    // The configured value when its declaration accepts it, else the declared default.
    QString effective(const SettingSpec &spec) const;

    QString m_dataDir;
    QHash<QString, QString> m_values;
};

} // namespace ades
