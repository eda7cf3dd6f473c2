#include "CommandLine.h"
#include "MainWindow.h"
#include "SettingsPage.h"
#include "Translations.h"
#include "core/Settings.h"
#include "host/HostSettings.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "store/Store.h"

#include <QApplication>
#include <QMessageBox>
#include <QProcess>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace ades::app {

int runGui(int &argc, char **argv, const QStringList &arguments)
{
    QApplication app(argc, argv);
    ui::installTranslations(app);
    Settings settings = Settings::load(dataDirFrom(arguments));
    // As for `ades serve`: --listen wins, and the public URL derived from it follows.
    if (const QString option = optionValue(arguments, u"--listen"_s); !option.isEmpty())
        settings.setFromCommandLine(HostSettings::Listen.spec.key, option);
    Result<std::unique_ptr<ServiceContext>> context = ServiceContext::create(settings);
    if (!context.ok()) {
        QMessageBox::critical(
            nullptr, QCoreApplication::translate("ades", "ADES cannot start"), context.error().message());
        return 1;
    }
    ServiceHost host(*context.value());
    ui::MainWindow window(host);
    window.show();
    // Settings are read once into the context; applying saved ones means a fresh process. The port is
    // released before the new one starts: relaunch after the event loop and the service have ended.
    bool relaunch = false;
    QObject::disconnect(window.settingsPage(), &ui::SettingsPage::restartRequested, &window, nullptr);
    QObject::connect(window.settingsPage(), &ui::SettingsPage::restartRequested, &app, [&relaunch]() {
        relaunch = true;
        QApplication::quit();
    });

    const QString listen = settings.get(HostSettings::Listen);
    QHostAddress address;
    quint16 port = 0;
    if (!parseListen(listen, address, port)) {
        QMessageBox::critical(nullptr, QCoreApplication::translate("ades", "ADES cannot start"),
            QCoreApplication::translate("ades", "The listen address must read HOST:PORT, not '%1'.")
                .arg(listen));
        return 2;
    }
    window.startService(address, port);
    const int code = QApplication::exec();
    host.stop();
    context.value()->store().flush();
    context.value().reset();
    if (relaunch
        && !QProcess::startDetached(
            QCoreApplication::applicationFilePath(), QCoreApplication::arguments().mid(1)))
        std::fprintf(stderr, "ades: could not start again; start it by hand\n");
    return code;
}

} // namespace ades::app
