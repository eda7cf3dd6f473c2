#include "TestData.h"

#include <QDir>
#include <QFileInfo>

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

} // namespace ades::test
