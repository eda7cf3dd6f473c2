#include "TestData.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>

namespace ades::test {

QString sharedDataDir()
{
    const QString dir = QDir::cleanPath(QStringLiteral(ADES_SHARED_DATA_DIR));
    return QFileInfo(dir).isDir() ? dir : QString();
}

QString sourceDir()
{
    return QStringLiteral(ADES_SOURCE_DIR);
}

QJsonArray sharedJsonArray(const QString &relativePath)
{
    const QString dir = sharedDataDir();
    QFile file(dir + u'/' + relativePath);
    if (dir.isEmpty() || !file.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(file.readAll()).array();
}

} // namespace ades::test
