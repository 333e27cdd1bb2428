// Tensor files in the window (ui/shell/tensorimport.h): File → Open tensors… and dropped files
// become an ordinary, undoable scenario with every layer in the LayerStack; a bad file changes
// nothing; File → Export as Python… writes the script of the scenario shown.
#include "strictwarnings.h"
#include "ui/document/layerstack.h"
#include "ui/document/scenariodocument.h"
#include "ui/io/tensorfile.h"
#include "ui/shell/mainwindow.h"
#include "ui/shell/tensorimport.h"

#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QMimeData>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QUrl>

using attn::doc::LayerStack;
using attn::io::NamedTensor;
using attn::ui::MainWindow;
using attn::ui::TensorImport;

namespace {

NamedTensor tensor(const QString &name, std::vector<qint64> shape, std::vector<double> data)
{
    return NamedTensor{name, std::move(shape), std::move(data), attn::io::DType::Float32};
}

/// Two layers of 2 heads, 3 tokens, d_k = d_v = 1, as a .safetensors file in `dir`.
QString twoLayers(const QTemporaryDir &dir)
{
    std::vector<NamedTensor> t;
    for (int l = 0; l < 2; ++l) {
        const QString p = QStringLiteral("layers.%1.").arg(l);
        t.push_back(tensor(p + "Q", {2, 3, 1}, {1, 2, 3, double(l), 1, 0}));
        t.push_back(tensor(p + "K", {2, 3, 1}, {1, 0, -1, 2, 1, 0}));
        t.push_back(tensor(p + "V", {2, 3, 1}, {1, 2, 3, 4, 5, 6}));
    }
    const QString path = dir.filePath("model.safetensors");
    if (!attn::io::writeSafetensors(path, t, {{"tokens", R"(["Xiaohong", "told", "Ming"])"}})) return {};
    return path;
}

/// Runs `open` and returns the text of the message box it showed (closed at once), or "".
QString catchMessage(QObject *context, const std::function<bool()> &open, bool *opened)
{
    QString shown;
    QTimer::singleShot(0, context, [&shown] {
        if (QWidget *box = QApplication::activeModalWidget()) {
            shown = box->findChild<QLabel *>(QStringLiteral("qt_msgbox_label"))->text();
            box->close();
        }
    });
    *opened = open();
    return shown;
}

} // namespace

class TestTensorImport : public QObject {
    Q_OBJECT

private slots:
    void init() { attn::test::failOnQtWarnings(); }

    void opensAFileAsAnOrdinaryScenario()
    {
        QTemporaryDir dir;
        const QString path = twoLayers(dir);
        MainWindow window;
        auto *import = window.findChild<TensorImport *>();
        QVERIFY(import);
        QVERIFY(import->openTensorsAction() && import->exportPythonAction());
        QVERIFY(import->openFile(path));
        const attn::Scenario &s = window.document()->scenario();
        QCOMPARE(s.num_query_heads, 2);
        QCOMPARE(s.query(1, 0), 2.0); // head 0, query 1
        QCOMPARE(s.query(0, 1), 0.0); // head 1, query 0 of layer 0
        QCOMPARE(s.key_tokens[0], std::string("Xiaohong"));
        QCOMPARE(LayerStack::of(window.document())->layerCount(), 2);
        QCOMPARE(window.currentPresetId(), QString());
        // Undoable like any scenario.
        QVERIFY(window.document()->setCell(attn::doc::TensorRole::Query, 0, 0, 7.0));
        window.document()->undoStack()->undo();
        QCOMPARE(window.document()->scenario().query(0, 0), 1.0);
        // The window's own file opener takes tensor files too (attention-lab FILE.safetensors).
        QVERIFY(window.openScenarioFile(path));
    }

    void badFilesChangeNothing()
    {
        QTemporaryDir dir;
        MainWindow window;
        auto *import = window.findChild<TensorImport *>();
        QVERIFY(import->openFile(twoLayers(dir)));
        const attn::Matrix before = window.document()->scenario().query;
        const QString bad = dir.filePath("bad.safetensors");
        QVERIFY(attn::io::writeSafetensors(bad, {tensor("Q", {2, 3, 2}, std::vector<double>(12, 1.0)),
                                                 tensor("K", {1, 3, 3}, std::vector<double>(9, 1.0)),
                                                 tensor("V", {1, 3, 1}, {1, 2, 3})}));
        bool opened = true;
        const QString shown = catchMessage(
            this, [&] { return import->openFile(bad); }, &opened);
        QVERIFY(!opened);
        QCOMPARE(shown, import->lastError());
        QVERIFY2(shown.startsWith("bad.safetensors: tensor \"K\": shape [1, 3, 3] has d_k 3"),
                 qPrintable(shown));
        QVERIFY(!shown.contains('\n'));
        QVERIFY(window.document()->scenario().query == before);
        QCOMPARE(LayerStack::of(window.document())->layerCount(), 2);
        // Cut short: the reader's refusal, the same way.
        QFile cut(dir.filePath("cut.npy"));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write("\x93NUMPY\x01\x00\x76\x00{'descr'", 15);
        cut.close();
        const QString cutShown = catchMessage(
            this, [&] { return import->openFile(cut.fileName()); }, &opened);
        QVERIFY(!opened);
        QVERIFY2(cutShown.startsWith("cut.npy:"), qPrintable(cutShown));
        QVERIFY(window.document()->scenario().query == before);
    }

    void droppedFilesOpenByKind()
    {
        QTemporaryDir dir;
        const QString path = twoLayers(dir);
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(50, 50), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &drop);
        QCOMPARE(LayerStack::of(window.document())->layerCount(), 2);
        QCOMPARE(window.document()->scenario().num_query_heads, 2);
        // A scenario file dropped next: it replaces the layers.
        const QString json = dir.filePath("s.json");
        QFile f(json);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "attention-lab.scenario", "version": 1, "Q": [[1, 0]], "K": [[1, 0], [0, 1]],
                    "V": [[2, 0], [0, 4]]})");
        f.close();
        QVERIFY(window.findChild<TensorImport *>()->openDroppedFile(json));
        QCOMPARE(window.document()->scenario().key.rows(), 2);
        QCOMPARE(LayerStack::of(window.document())->layerCount(), 0);
        // Several files, or text, are not taken.
        QMimeData two;
        two.setUrls({QUrl::fromLocalFile(path), QUrl::fromLocalFile(json)});
        QDragEnterEvent refused(QPoint(50, 50), Qt::CopyAction, &two, Qt::LeftButton, Qt::NoModifier);
        refused.setAccepted(false);
        QApplication::sendEvent(&window, &refused);
        QVERIFY(!refused.isAccepted());
    }

    void exportsTheScenarioAsPython()
    {
        QTemporaryDir dir;
        MainWindow window;
        auto *import = window.findChild<TensorImport *>();
        const QString path = dir.filePath("worked.py");
        QString error;
        QVERIFY2(import->exportPython(path, &error), qPrintable(error));
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray script = f.readAll();
        QVERIFY(script.startsWith("#!/usr/bin/env python3"));
        QVERIFY(script.contains("import numpy as np"));
        QVERIFY(script.contains("scores = q @ k.T  # (n_q, n_k)"));
        QVERIFY(script.contains("check(\"weights\", weights, app_weights)"));
        QVERIFY(script.contains("0.66976154932665688")); // the app's first weight, 17 digits
        QVERIFY(!import->exportPython(dir.filePath("no/such/folder/x.py"), &error));
        QVERIFY(!error.isEmpty());
    }
};

QTEST_MAIN(TestTensorImport)
#include "tst_tensorimport.moc"
