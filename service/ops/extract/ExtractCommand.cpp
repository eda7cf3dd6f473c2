#include "ExtractCommand.h"

#include "DocumentExtraction.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace ades::extract {

QString ExtractCommand::usage()
{
    return u"  ades extract FILE...            receipt/invoice fields from a photo, scan or PDF (- reads "
           u"stdin); "
           "one JSON line per file\n"_s;
}

int ExtractCommand::run(const QStringList &arguments)
{
    if (arguments.isEmpty()) {
        std::fprintf(stderr, "usage: ades extract FILE...   (- reads standard input)\n");
        return 2;
    }
    // Defaults of the settings: the command runs without the service's configuration.
    const ExtractLimits limits;
    int exitCode = 0;
    for (const QString &path : arguments) {
        QFile file(path);
        const bool opened
            = path == u"-"_s ? file.open(stdin, QIODevice::ReadOnly) : file.open(QIODevice::ReadOnly);
        Result<QJsonObject> extracted = opened
            ? DocumentExtraction::run(file.read(limits.maxBytes + 1), QFileInfo(path).fileName(), limits)
            : Result<QJsonObject>(
                ServiceError::badRequest(u"file_unreadable"_s, file.errorString(), u"file"_s));
        QJsonObject line;
        if (extracted.ok()) {
            line = extracted.value();
        } else {
            line = QJsonObject { { u"file"_s, path }, { u"error_code"_s, extracted.error().code() },
                { u"message"_s, extracted.error().message() } };
            exitCode = 2;
        }
        std::fprintf(stdout, "%s\n", QJsonDocument(line).toJson(QJsonDocument::Compact).constData());
    }
    return exitCode;
}

} // namespace ades::extract
