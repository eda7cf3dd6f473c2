#include "CommandLine.h"

#include <QCoreApplication>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

// Without a display the console cannot start: run the same service headless instead.
bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

} // namespace

int main(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 1; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    const QString command = arguments.value(0);
    QCoreApplication::setApplicationName(u"ades"_s);
    QCoreApplication::setOrganizationName(u"ades"_s);
    QCoreApplication::setApplicationVersion(u"0.1.0"_s);

    using namespace ades::app;
    if (command == u"--help"_s || command == u"-h"_s || command == u"help"_s) {
        printUsage();
        return 0;
    }
    if (command == u"--version"_s) {
        std::printf("ades 0.1.0\n");
        return 0;
    }
    if (command == u"serve"_s || command == u"verify"_s || command == u"call"_s || command == u"keys"_s
        || command == u"settings"_s) {
        QCoreApplication app(argc, argv);
        const QStringList rest = arguments.mid(1);
        if (command == u"serve"_s)
            return runServe(rest);
        if (command == u"verify"_s)
            return runVerify(rest);
        if (command == u"call"_s)
            return runCall(rest);
        if (command == u"settings"_s)
            return runSettings(rest);
        return runKeys(rest);
    }
    // The areas' own commands (`ades sanctions ...`); one that needs nothing opened (`ades einvoice
    // validate`) starts cold within tens of milliseconds.
    if (!command.isEmpty() && !command.startsWith(u"--"_s)) {
        if (const std::optional<int> code = runAreaCommand(command, arguments.mid(1), argc, argv))
            return *code;
    }
    if (!command.isEmpty() && !command.startsWith(u"--"_s)) {
        std::fprintf(stderr, "ades: unknown command '%s'\n", qPrintable(command));
        printUsage();
        return 2;
    }
    if (!hasDisplay()) {
        std::fprintf(stderr, "ades: no display found; running headless (ades serve)\n");
        QCoreApplication app(argc, argv);
        return runServe(arguments);
    }
    return runGui(argc, argv, arguments);
}
