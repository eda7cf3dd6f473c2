#include "EinvoiceCommand.h"

#include "EinvoiceCheck.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace ades::eu {

QString EinvoiceCommand::usage()
{
    return u"  ades einvoice validate FILE...  validate UBL/CII XML or ZUGFeRD/Factur-X PDFs (- reads "
           u"stdin); "
           "one JSON line per file; exit 0 all valid, 1 some invalid, 2 unusable input\n"_s;
}

int EinvoiceCommand::run(const QStringList &arguments)
{
    if (arguments.value(0) != u"validate"_s || arguments.size() < 2) {
        std::fprintf(stderr, "usage: ades einvoice validate FILE...   (- reads standard input)\n");
        return 2;
    }
    // Above the largest document the validator accepts (32 MiB of XML), so the engine names the limit.
    constexpr qint64 MaxFileBytes = 32 * 1024 * 1024 + 1;
    int exitCode = 0;
    const QStringList files = arguments.mid(1);
    for (const QString &path : files) {
        QFile file(path);
        const bool opened
            = path == u"-"_s ? file.open(stdin, QIODevice::ReadOnly) : file.open(QIODevice::ReadOnly);
        QJsonObject line { { u"file"_s, path } };
        Result<QJsonObject> checked = opened
            ? EinvoiceCheck::check(file.read(MaxFileBytes), QFileInfo(path).fileName())
            : Result<QJsonObject>(
                ServiceError::badRequest(u"file_unreadable"_s, file.errorString(), u"file"_s));
        if (checked.ok()) {
            const QJsonObject &r = checked.value();
            // layers: which extension rule sets ran (Peppol, XRechnung, Factur-X) and which were selected but
            // are not checked, so a valid verdict is never read as covering a layer that did not run.
            for (const char *key : { "valid", "syntax", "profile", "en16931_applies", "fatal_count",
                     "warning_count", "layers", "findings" })
                line.insert(QLatin1StringView(key), r.value(QLatin1StringView(key)));
            if (!r.value(u"valid"_s).toBool())
                exitCode = qMax(exitCode, 1);
        } else {
            line.insert(u"error_code"_s, checked.error().code());
            line.insert(u"message"_s, checked.error().message());
            exitCode = 2;
        }
        std::fprintf(stdout, "%s\n", QJsonDocument(line).toJson(QJsonDocument::Compact).constData());
    }
    return exitCode;
}

} // namespace ades::eu
