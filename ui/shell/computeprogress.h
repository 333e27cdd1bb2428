// The status bar's note while the document computes a large scenario off the interface thread:
// "Computing attention: 3 of 8 heads", a progress bar and Cancel (Esc while it shows).
#pragma once

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;
class QStatusBar;

namespace attn::doc {
class ScenarioDocument;
}

namespace attn::ui {

class ComputeProgress : public QWidget {
    Q_OBJECT

public:
    /// Adds itself to `bar` (hidden until `document` computes in the background).
    ComputeProgress(doc::ScenarioDocument *document, QStatusBar *bar);

private:
    void onComputing(bool computing);
    void onProgress(int done, int total);

    doc::ScenarioDocument *m_document;
    QLabel *m_label;
    QProgressBar *m_bar;
    QPushButton *m_cancel;
};

} // namespace attn::ui
