#include "ColorScheme.h"
#include "CommandLine.h"
#include "ConsolePreferences.h"
#include "FirstRunWizard.h"
#include "HealthNotifier.h"
#include "MainWindow.h"
#include "SettingsPage.h"
#include "SingleInstance.h"
#include "StatusIcon.h"
#include "Translations.h"
#include "TrayIcon.h"
#include "core/Settings.h"
#include "host/HostSettings.h"
#include "host/ServiceContext.h"
#include "host/ServiceHost.h"
#include "payments/PaymentSettings.h"
#include "store/Store.h"

#include <QApplication>
#include <QMessageBox>
#include <QProcess>
#include <QSystemTrayIcon>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace ades::app {

namespace {

// --data-dir or ADES_DATA_DIR first, then the folder the console remembers (first-run assistant, settings
// page), then the platform's default.
QString consoleDataDir(const QStringList &arguments)
{
    if (!optionValue(arguments, u"--data-dir"_s).isEmpty() || qEnvironmentVariableIsSet("ADES_DATA_DIR"))
        return dataDirFrom(arguments);
    const QString remembered = ui::ConsolePreferences::dataDir();
    return remembered.isEmpty() ? dataDirFrom(arguments) : remembered;
}

} // namespace

int runGui(int &argc, char **argv, const QStringList &arguments)
{
    QApplication app(argc, argv);
    ui::installTranslations(app);
    auto *colours = new ui::ColorScheme(app);
    colours->apply();
    QApplication::setWindowIcon(ui::StatusIcon::make(ui::StatusIcon::serving()));

    QString dataDir = consoleDataDir(arguments);
    if (ui::FirstRunWizard::isNeeded(dataDir)) {
        Settings defaults = Settings::load(dataDir);
        if (const QString option = optionValue(arguments, u"--listen"_s); !option.isEmpty())
            defaults.setFromCommandLine(HostSettings::Listen.spec.key, option);
        ui::FirstRunWizard wizard(dataDir,
            { PaymentSettings::PayToEvm.spec, PaymentSettings::PayToSolana.spec },
            defaults.get(HostSettings::Listen));
        if (wizard.exec() != QDialog::Accepted)
            return 0;
        dataDir = wizard.dataDir();
        ui::ConsolePreferences::setDataDir(dataDir);
    }

    // One console per data folder: a second start brings the first one forward and ends.
    ui::SingleInstance instance(dataDir);
    if (!instance.claim())
        return 0;

    Settings settings = Settings::load(dataDir);
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
    window.restoreWindowState();
    ui::TrayIcon tray(host, window);
    ui::HealthNotifier health(host);
    QObject::connect(&health, &ui::HealthNotifier::notify, &tray, &ui::TrayIcon::showNotification);
    QObject::connect(&instance, &ui::SingleInstance::activated, &window, &ui::MainWindow::bringToFront);
    // While the window sits in the tray, the console lives on; File > Quit and the tray's Quit end it.
    QApplication::setQuitOnLastWindowClosed(!QSystemTrayIcon::isSystemTrayAvailable());
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
    window.saveWindowState();
    host.stop();
    context.value()->store().flush();
    context.value().reset();
    if (relaunch) {
        // The new process must find the folder free: this one's lock and socket go first.
        instance.release();
        if (!QProcess::startDetached(
                QCoreApplication::applicationFilePath(), QCoreApplication::arguments().mid(1)))
            std::fprintf(stderr, "ades: could not start again; start it by hand\n");
    }
    return code;
}

} // namespace ades::app
