#include "SanctionsCommand.h"

#include "SanctionsLists.h"
#include "SanctionsRefresh.h"
#include "area/AreaCommand.h"
#include "area/AreaContext.h"
#include "catalog/Catalog.h"
#include "catalog/Invoker.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QTextStream>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace ades::eu {

QString SanctionsCommand::usage()
{
    return u"  ades sanctions import FILE...   keep official list files (or the JSONL snapshot) and "
           u"re-index\n"
           "  ades sanctions screen [NAME]    screen NAME, or one name per line from standard input (JSON "
           "lines)\n"
           "  ades sanctions update           download the official EU, UN and UK lists now\n"_s;
}

int SanctionsCommand::run(const QStringList &arguments, const AreaServices &services, SanctionsLists &lists)
{
    const QString action = arguments.value(0);
    QStringList operands;
    for (qsizetype i = 1; i < arguments.size(); ++i) {
        if (arguments.at(i) == u"--data-dir"_s) {
            ++i;
            continue;
        }
        if (!arguments.at(i).startsWith(u"--"_s))
            operands.append(arguments.at(i));
    }
    if (action == u"import"_s) {
        if (operands.isEmpty()) {
            std::fprintf(stderr, "ades sanctions import: name one or more list files\n");
            return 2;
        }
        const Result<int> imported = lists.import(operands);
        if (!imported.ok()) {
            std::fprintf(stderr, "%s\n", QJsonDocument(imported.error().toJson()).toJson().constData());
            return 1;
        }
        std::printf("indexed %d entries; kept in %s\n", imported.value(), qPrintable(lists.folder()));
        return 0;
    }
    if (action == u"update"_s) {
        // Download the three official lists now; each is kept only if it passes the sanity checks.
        int exitCode = 0;
        SanctionsRefresh(services.context.upstream, lists, services.context.clock)
            .run([&exitCode, &lists](int accepted, int refused) {
                std::printf(
                    "%s\n", QJsonDocument(lists.refreshReport()).toJson(QJsonDocument::Indented).constData());
                std::printf("accepted %d, kept the previous list for %d\n", accepted, refused);
                exitCode = refused == 0 ? 0 : 1;
                QCoreApplication::exit(exitCode);
            });
        QCoreApplication::exec();
        return exitCode;
    }
    if (action == u"screen"_s) {
        const Operation *operation = services.catalog.find(u"eu.sanctions.screen"_s);
        const Exposure *exposure = operation->exposure(Channel::Cli);
        auto screenOne = [&](const QString &name) {
            int code = 0;
            Invoker::invoke(*operation, *exposure, QJsonObject { { u"name"_s, name } },
                CallContext { Channel::Cli, {} }, [&code](Outcome outcome) {
                    const QJsonObject line
                        = outcome.ok() ? outcome.value().data.object() : outcome.error().toJson();
                    std::printf("%s\n", QJsonDocument(line).toJson(QJsonDocument::Compact).constData());
                    code = outcome.ok() ? 0 : 1;
                });
            return code;
        };
        if (!operands.isEmpty())
            return screenOne(operands.join(u' '));
        QTextStream in(stdin);
        int worst = 0;
        QString line;
        while (in.readLineInto(&line)) {
            if (!line.trimmed().isEmpty())
                worst = qMax(worst, screenOne(line.trimmed()));
        }
        return worst;
    }
    std::fprintf(stderr, "ades sanctions: use import, screen or update\n");
    return 2;
}

} // namespace ades::eu
