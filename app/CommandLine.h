#pragma once

#include "area/AreaCommand.h"

#include <QHostAddress>
#include <QList>
#include <QStringList>
#include <optional>

namespace ades::app {

// `ades serve|verify|call|keys`: each returns the process exit code. Console mode is in main.cpp.
int runServe(const QStringList &arguments);
int runVerify(const QStringList &arguments);
int runCall(const QStringList &arguments);
int runKeys(const QStringList &arguments);
// `ades settings`: every declared setting with its kind, default and the value in force.
int runSettings(const QStringList &arguments);
// The subcommands the areas own (`ades sanctions ...`, `ades einvoice ...`).
QList<AreaCommand> areaCommands();
// Runs the area command `name` (creating the QCoreApplication and the service context when it needs
// them); nullopt when no area owns that name.
std::optional<int> runAreaCommand(const QString &name, const QStringList &arguments, int &argc, char **argv);
int runGui(int &argc, char **argv, const QStringList &arguments);
void printUsage();

// --data-dir DIR, else ADES_DATA_DIR, else the platform's application data folder.
QString dataDirFrom(const QStringList &arguments);
// "HOST:PORT", "[::1]:PORT" or "localhost:PORT"; false when it is none of them.
bool parseListen(const QString &text, QHostAddress &address, quint16 &port);
// The value after `option` in `arguments`, or empty.
QString optionValue(const QStringList &arguments, const QString &option);

} // namespace ades::app
