#pragma once

#include <QHash>
#include <QString>

namespace ades {

// Operator settings: `ades.ini` in the data folder, every key overridable by an environment variable
// (`x402/payto_evm` <- ADES_X402_PAYTO_EVM). A value snapshot: read once, shared read-only by all threads.
// docs/configuration.md lists every key.
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
    QString value(const QString &key, const QString &defaultValue = {}) const;
    int intValue(const QString &key, int defaultValue) const;
    bool boolValue(const QString &key, bool defaultValue) const;
    bool contains(const QString &key) const { return m_values.contains(key); }
    void set(const QString &key, const QString &value) { m_values.insert(key, value); }
    // Writes one key to DIR/ades.ini (the console's settings page). The environment still wins on load.
    bool writeToIni(const QString &key, const QString &value) const;

private:
    QString m_dataDir;
    QHash<QString, QString> m_values;
};

} // namespace ades
