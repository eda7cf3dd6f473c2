#pragma once

#include <QHostAddress>
#include <QStringList>

namespace ades::app {

// `ades serve|verify|call|keys`: each returns the process exit code. Console mode is in main.cpp.
int runServe(const QStringList &arguments);
int runVerify(const QStringList &arguments);
int runCall(const QStringList &arguments);
int runKeys(const QStringList &arguments);
int runSanctions(const QStringList &arguments);
// `ades einvoice validate FILE...`: one JSON line per file; exit 0 all valid, 1 some invalid, 2 unusable.
int runEinvoice(const QStringList &arguments);
int runGui(int &argc, char **argv, const QStringList &arguments);
void printUsage();

// --data-dir DIR, else ADES_DATA_DIR, else the platform's application data folder.
QString dataDirFrom(const QStringList &arguments);
// "HOST:PORT", "[::1]:PORT" or "localhost:PORT"; false when it is none of them.
bool parseListen(const QString &text, QHostAddress &address, quint16 &port);
// The value after `option` in `arguments`, or empty.
QString optionValue(const QStringList &arguments, const QString &option);

} // namespace ades::app
