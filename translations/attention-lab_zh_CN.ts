<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>AccessActions</name>
    <message>
        <location filename="../ui/shell/accessactions.cpp" line="+36"/>
        <source>Show as &amp;table</source>
        <translation>以表格显示(&amp;T)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The numbers of the figure on screen as a table you can copy</source>
        <translation>把屏幕上图形的数值显示为可复制的表格</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;High contrast</source>
        <translation>高对比度(&amp;H)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>White text on black with a yellow focus (also in Preferences → Theme)</source>
        <translation>黑底白字，焦点为黄色（也可在 首选项 → 主题 中设置）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Bilingual lesson text</source>
        <translation>双语课程文本(&amp;B)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Show the English text under the translated lesson text, for mixed classrooms</source>
        <translation>在译文下方显示英文原文，供多语言课堂使用</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Every action of the menus with its shortcut, and the keys of the figures</source>
        <translation>菜单中的每个操作及其快捷键，以及图形中可用的按键</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Q/K/V editor</source>
        <translation>Q/K/V 编辑器</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 figure</source>
        <translation>%1 图</translation>
    </message>
</context>
<context>
    <name>BarPlot</name>
    <message>
        <location filename="../ui/plots/barplot.cpp" line="+64"/>
        <location line="+89"/>
        <source>Weights of the selected query</source>
        <translation>所选查询的权重</translation>
    </message>
    <message>
        <location line="-64"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>keys (n_k = %1; this query sees none: all_masked_rows “%2”)</source>
        <translation>键（n_k = %1；此查询看不到任何键：all_masked_rows “%2”）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>keys (n_k = %1)</source>
        <translation>键（n_k = %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Weights of query “%1” over the keys</source>
        <translation>查询“%1”对各键的权重</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>keys (n_k = %1) and the sink, which carries no value</source>
        <translation>键（n_k = %1）和汇点（不携带值）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>query “%1” → the sink
weight %2
The sink&apos;s term exp(s) is in the softmax denominator but carries no value: this share of the row attends to nothing.</source>
        <translation>查询“%1”→ 汇点
权重 %2
汇点的项 exp(s) 在 softmax 的分母中，但不携带值：这一行的这部分权重不关注任何内容。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>sink</source>
        <translation>汇点</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>query “%1” → key “%2”
weight %3</source>
        <translation>查询“%1”→ 键“%2”
权重 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>logit %1</source>
        <translation>logit %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>masked: this query sees no key; its weights come from all_masked_rows “%1”</source>
        <translation>已屏蔽：此查询看不到任何键；其权重来自 all_masked_rows “%1”</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>masked: this key is not visible to this query (it takes no weight)</source>
        <translation>已屏蔽：此查询看不到这个键（它不获得权重）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not a number: a logit of this row is not finite, so its softmax is undefined</source>
        <translation>非数值：此行有一个 logit 不是有限值，因此其 softmax 无定义</translation>
    </message>
</context>
<context>
    <name>BaselinesPlot</name>
    <message>
        <location filename="../ui/plots/baselinesplot.cpp" line="+204"/>
        <source>%1: output</source>
        <translation>%1：输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: mixing weights</source>
        <translation>%1：混合权重</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>feature</source>
        <translation>特征</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input token</source>
        <translation>输入词元</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>output of token</source>
        <translation>词元的输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>output value</source>
        <translation>输出值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mixing weight</source>
        <translation>混合权重</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>no weights</source>
        <translation>无权重</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>%1: output of “%2” takes %3 of input token “%4”</source>
        <translation>%1：“%2”的输出取输入词元“%4”的 %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: output of “%2”, feature %3 = %4</source>
        <translation>%1：“%2”的输出，特征 %3 = %4</translation>
    </message>
</context>
<context>
    <name>BaselinesView</name>
    <message>
        <location filename="../ui/views/baselines/baselinesview.cpp" line="+57"/>
        <source>mean pooling</source>
        <translation>平均池化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>local convolution</source>
        <translation>局部卷积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recurrence (Elman RNN)</source>
        <translation>循环网络（Elman RNN）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The baseline whose output is compared with attention&apos;s (framed in red)</source>
        <translation>与注意力输出作比较的基线（红框标出）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>k: how many neighbouring tokens each convolution output averages</source>
        <translation>k：每个卷积输出平均多少个相邻词元</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+133"/>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <location line="-132"/>
        <location line="+132"/>
        <source>centred</source>
        <translation>居中</translation>
    </message>
    <message>
        <location line="-130"/>
        <source>Causal: token t reads t−k+1 … t, never a later token. Centred: t−(k−1)/2 … t+(k−1)/2, both sides; it needs an odd width, so an even one is raised by 1.</source>
        <translation>因果：词元 t 读取 t−k+1 … t，从不读取后面的词元。居中：t−(k−1)/2 … t+(k−1)/2，两侧都读；它需要奇数宽度，偶数宽度会加 1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Seed of the RNN&apos;s random (untrained) weights: W_xh, W_hh, b ~ U(−1/√d_h, 1/√d_h)</source>
        <translation>RNN 随机（未训练）权重的种子：W_xh、W_hh、b ~ U(−1/√d_h, 1/√d_h)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conv. width k</source>
        <translation>卷积宽度 k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Conv. taps</source>
        <translation>卷积系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RNN seed</source>
        <translation>RNN 种子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Baselines</source>
        <translation>基线</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The tokens (edit them)</source>
        <translation>词元（可编辑）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K — keys (attention only)</source>
        <translation>K — 键（仅注意力使用）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>X = V — mixed by all four</source>
        <translation>X = V — 四种方法都混合它</translation>
    </message>
    <message>
        <location line="+90"/>
        <source>Nothing computed: %1</source>
        <translation>未计算：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attention is shown only for self-attention with as many query as K/V heads (n_q = n_k, H_q = H_kv), so that its rows are the same tokens as X.</source>
        <translation>只有在自注意力且查询头数与 K/V 头数相同（n_q = n_k，H_q = H_kv）时才显示注意力，这样它的各行与 X 是同样的词元。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The same tokens X = V, mixed four ways</source>
        <translation>同样的词元 X = V，四种混合方式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attention
softmax(q·k/√d_k)</source>
        <translation>注意力
softmax(q·k/√d_k)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mean pooling
weights 1/n</source>
        <translation>平均池化
权重 1/n</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Convolution
k = %1, %2</source>
        <translation>卷积
k = %1，%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recurrence
Elman RNN, seed %1</source>
        <translation>循环网络
Elman RNN，种子 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Selects by content (q·k),
any distance in one step;
costs n² scores per layer.</source>
        <translation>按内容（q·k）选择，
任意距离一步到达；
每层需 n² 个分数。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The same average for all:
no selection, no order.
Fine for a bag of words.</source>
        <translation>所有位置同一个平均：
不选择，不分顺序。
适合词袋。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fixed reach of k tokens,
weights by position, not
content: local patterns.</source>
        <translation>固定覆盖 k 个词元，
按位置而非内容加权：
局部模式。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A state, token by token:
O(1) memory for a stream,
n sequential steps.</source>
        <translation>逐个词元更新状态：
处理流只需 O(1) 内存，
需 n 个顺序步骤。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no weights:
it carries
a state h_t</source>
        <translation>没有权重：
它携带
状态 h_t</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Largest difference between %1 and attention: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>%1 与注意力的最大差异：&lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not comparable</source>
        <translation>不可比较</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (an RNN state is not a mixture of the values, so this compares unlike things)</source>
        <translation>（RNN 状态不是各值的混合，因此这是在比较不同的东西）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;br&gt;Output rows changed since the step opened: attention %1, mean %2, convolution %3, recurrence %4.</source>
        <translation>&lt;br&gt;自本步骤打开以来改变的输出行：注意力 %1，平均 %2，卷积 %3，循环 %4。</translation>
    </message>
</context>
<context>
    <name>BenchPlanForm</name>
    <message>
        <location filename="../ui/bench/benchplanform.cpp" line="+38"/>
        <source>Time the %1 kernel: %2</source>
        <translation>对 %1 内核计时：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Sequence lengths n (n_q = n_k = n), separated by commas; 4k means 4096. Each kernel runs at each size.</source>
        <translation>序列长度 n（n_q = n_k = n），用逗号分隔；4k 表示 4096。每个内核在每个长度上运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sizes n</source>
        <translation>长度 n</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Query heads H_q</source>
        <translation>查询头数 H_q</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>K/V heads H_kv: equal to the query heads is multi-head attention, 1 is multi-query, in between grouped-query. Must divide the query heads.</source>
        <translation>K/V 头数 H_kv：等于查询头数为多头注意力，1 为多查询，介于两者之间为分组查询。必须整除查询头数。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Heads q : kv</source>
        <translation>头数 q : kv</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>head_dim d = d_k = d_v of every head</source>
        <translation>每个头的 head_dim d = d_k = d_v</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head_dim</source>
        <translation>head_dim</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A local window of this many keys including the current one, for every kernel. “none”: no window (the windowed kernel then uses %1).</source>
        <translation>所有内核使用的局部窗口，包含当前键在内的键数。“无”：不用窗口（窗口内核此时使用 %1）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Each query sees only the keys at or before its position; the tiled kernel skips the masked tiles</source>
        <translation>每个查询只看到其位置及之前的键；分块内核跳过被屏蔽的块</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Element type: f32 (float, the fast path) or f64 (double)</source>
        <translation>元素类型：f32（float，快速路径）或 f64（double）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Threads the kernels and the roof measurement use (this process may use %1)</source>
        <translation>内核和峰值测量使用的线程数（本进程最多可用 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Timed runs per configuration, after one warm-up run; fewer when a configuration has taken 3 s (at least 3 are timed)</source>
        <translation>每种配置在一次预热后计时的运行次数；当一种配置已用时 3 秒时减少（至少计时 3 次）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Choose at least one kernel.</source>
        <translation>请至少选择一个内核。</translation>
    </message>
</context>
<context>
    <name>BenchPlot</name>
    <message>
        <location filename="../ui/bench/benchplot.cpp" line="+37"/>
        <source>Latency vs n</source>
        <translation>延迟与 n</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Working memory vs n</source>
        <translation>工作内存与 n</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GFLOP/s vs n</source>
        <translation>GFLOP/s 与 n</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>median latency (ms)</source>
        <translation>延迟中位数（毫秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kernel&apos;s own buffers (MiB)</source>
        <translation>内核自身的缓冲区（MiB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>n (tokens, n_q = n_k)</source>
        <translation>n（词元数，n_q = n_k）</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>%1 at n %2</source>
        <translation>%1，n = %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1, n %2: %3 %4</source>
        <translation>%1，n %2：%3 %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>FMA peak %1 GFLOP/s</source>
        <translation>FMA 峰值 %1 GFLOP/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>SGEMM 2048³ (%1) %2 GFLOP/s</source>
        <translation>SGEMM 2048³（%1）%2 GFLOP/s</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>not drawn (0 cannot sit on a log axis): %1</source>
        <translation>未绘制（0 无法放在对数轴上）：%1</translation>
    </message>
</context>
<context>
    <name>BenchResultsModel</name>
    <message>
        <location filename="../ui/bench/benchresultsmodel.cpp" line="+145"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>%1 kernel, query tile %2, key tile %3; CPU %4</source>
        <translation>%1 内核，查询块 %2，键块 %3；CPU %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>n_q = %1 queries, n_k = %2 keys</source>
        <translation>n_q = %1 个查询，n_k = %2 个键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 query heads share %2 K/V heads (%3)</source>
        <translation>%1 个查询头共享 %2 个 K/V 头（%3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>multi-head</source>
        <translation>多头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>multi-query</source>
        <translation>多查询</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grouped-query</source>
        <translation>分组查询</translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>median %1 ms, 95th percentile %2 ms, fastest %3 ms over %n timed run(s):
%4</source>
        <translation>
            <numerusform>中位数 %1 毫秒，第 95 百分位 %2 毫秒，最快 %3 毫秒，共 %n 次计时运行：
%4</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 FLOP per run (4·n_q·n_k·d per head over the visible pairs) / median = %2 GFLOP/s</source>
        <translation>每次运行 %1 FLOP（在可见的配对上每个头 4·n_q·n_k·d）/ 中位数 = %2 GFLOP/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 GFLOP/s of the FMA peak %2 GFLOP/s measured in this run</source>
        <translation>%1 GFLOP/s，本次运行测得的 FMA 峰值为 %2 GFLOP/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the roof was not measured</source>
        <translation>未测量峰值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 query tokens per second (n_q / median)</source>
        <translation>每秒 %1 个查询词元（n_q / 中位数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 bytes of the kernel&apos;s own buffers beyond Q, K, V and O; process peak RSS grew by %2</source>
        <translation>Q、K、V 和 O 之外内核自身缓冲区 %1 字节；进程峰值常驻内存增长了 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an unknown amount</source>
        <translation>未知的量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not checked (no independent reference for this run)</source>
        <translation>未检查（本次运行没有独立的参考结果）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |output − reference| = %1, against %2</source>
        <translation>max |输出 − 参考| = %1，参考为 %2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>heads q:kv</source>
        <translation>头数 q:kv</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>d</source>
        <translation>d</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>median ms</source>
        <translation>中位数 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p95 ms</source>
        <translation>p95 毫秒</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>% of FMA peak</source>
        <translation>占 FMA 峰值 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens/s</source>
        <translation>词元/秒</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>work MiB</source>
        <translation>工作 MiB</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max error</source>
        <translation>最大误差</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequence length: n_q = n_k = n</source>
        <translation>序列长度：n_q = n_k = n</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Query heads : K/V heads (equal = multi-head, 1 K/V head = multi-query)</source>
        <translation>查询头数 : K/V 头数（相等 = 多头，1 个 K/V 头 = 多查询）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head_dim d = d_k = d_v</source>
        <translation>head_dim d = d_k = d_v</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Causal mask: each query sees only keys at or before its position</source>
        <translation>因果掩码：每个查询只看到其位置及之前的键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Local window in keys, including the current one (— = none)</source>
        <translation>局部窗口（键数，含当前键）（— = 无）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Element type</source>
        <translation>元素类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Threads the kernel used</source>
        <translation>内核使用的线程数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Median latency of the timed runs, in milliseconds</source>
        <translation>计时运行的延迟中位数，单位毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>95th percentile latency of the timed runs, in milliseconds</source>
        <translation>计时运行延迟的第 95 百分位，单位毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Useful arithmetic per second: 4·n_q·n_k·d per head over the visible pairs / median</source>
        <translation>每秒有效运算量：在可见的配对上每个头 4·n_q·n_k·d / 中位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GFLOP/s as a percentage of the FMA peak measured in the same run</source>
        <translation>GFLOP/s 占同一次运行中测得的 FMA 峰值的百分比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Query tokens processed per second: n_q / median</source>
        <translation>每秒处理的查询词元数：n_q / 中位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The kernel&apos;s own buffers beyond Q, K, V and O, in MiB</source>
        <translation>Q、K、V 和 O 之外内核自身的缓冲区，单位 MiB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest absolute difference from a reference (hover a cell to see which)</source>
        <translation>与参考结果的最大绝对差（悬停在单元格上查看是哪个参考）</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Unknown table format “%1”: use csv or json.</source>
        <translation>未知的表格格式“%1”：请使用 csv 或 json。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>BenchResultsView</name>
    <message>
        <location filename="../ui/bench/benchresultsview.cpp" line="+41"/>
        <source>One row per kernel and size; click a header to sort, hover a cell for the exact value</source>
        <translation>每个内核和长度一行；点击表头排序，悬停在单元格上查看精确值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export table…</source>
        <translation>导出表格…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the results as CSV or JSON (the same fields as `attention-lab bench --json`)</source>
        <translation>将结果写为 CSV 或 JSON（字段与 `attention-lab bench --json` 相同）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export plots…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write the three plots as PNG, SVG or PDF</source>
        <translation>将三张图写为 PNG、SVG 或 PDF</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Median latency against n; hover a point for its value</source>
        <translation>延迟中位数与 n 的关系；悬停在点上查看数值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The kernel&apos;s own buffers beyond Q, K, V and O against n</source>
        <translation>Q、K、V 和 O 之外内核自身缓冲区与 n 的关系</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GFLOP/s against n, under the machine&apos;s FMA peak and SGEMM figure</source>
        <translation>GFLOP/s 与 n 的关系，以及本机的 FMA 峰值和 SGEMM 数值</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>JSON, as attention-lab bench --json (*.json)</source>
        <translation>JSON，与 attention-lab bench --json 相同 (*.json)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export results</source>
        <translation>导出结果</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+14"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Export plots</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export plots to</source>
        <translation>将图表导出到</translation>
    </message>
</context>
<context>
    <name>BenchWorker</name>
    <message numerus="yes">
        <location filename="../ui/bench/benchworker.cpp" line="+35"/>
        <source>Measuring the roof: FMA loop and SGEMM 2048³ on %n thread(s)</source>
        <translation>
            <numerusform>测量峰值：在 %n 个线程上运行 FMA 循环和 SGEMM 2048³</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>ComputeProgress</name>
    <message>
        <location filename="../ui/shell/computeprogress.cpp" line="+15"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stop computing (Esc): an edit is taken back, a file is not opened</source>
        <translation>停止计算（Esc）：编辑会被撤回，文件不会打开</translation>
    </message>
    <message numerus="yes">
        <location line="+18"/>
        <source>Computing attention: %1 of %n head(s)…</source>
        <translation>
            <numerusform>正在计算注意力：已完成 %1 / %n 个头…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CostPlot</name>
    <message>
        <location filename="../ui/plots/costplot.cpp" line="+125"/>
        <location line="+67"/>
        <source>What attention costs as the sequence grows (log–log axes)</source>
        <translation>随序列增长注意力的开销（双对数坐标）</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Attention cost against n (log–log)</source>
        <translation>注意力开销与 n 的关系（双对数）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>n (tokens)</source>
        <translation>n（词元数）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>n (tokens, n_q = n_k = n)</source>
        <translation>n（词元数，n_q = n_k = n）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>count (pairs, FLOP)</source>
        <translation>数量（配对数，FLOP）</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>%1 heads</source>
        <translation>%1 个头</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>pairs n² (no mask: all pairs)</source>
        <translation>配对数 n²（无掩码：全部配对）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>pairs, causal window: last %1 keys, itself included</source>
        <translation>配对数，因果窗口：最近 %1 个键，含自身</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>FLOP of all n² pairs, %1, head_dim %2</source>
        <translation>全部 n² 个配对的 FLOP，%1，head_dim %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>FLOP, causal window of %1 keys</source>
        <translation>FLOP，%1 个键的因果窗口</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>naive scores, one layer, %1, %2</source>
        <translation>朴素分数，单层，%1，%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MHA</source>
        <translation>MHA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MQA</source>
        <translation>MQA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GQA</source>
        <translation>GQA</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV cache, %1 layers, %2 K/V heads (%3)</source>
        <translation>KV 缓存，%1 层，%2 个 K/V 头（%3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KV cache if MHA (%1 K/V heads)</source>
        <translation>若为 MHA 的 KV 缓存（%1 个 K/V 头）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>KV cache if MQA (1 K/V head)</source>
        <translation>若为 MQA 的 KV 缓存（1 个 K/V 头）</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+1"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>n = %1 (solid line) → 2n = %2 (dashed): pairs ×%3, FLOP ×%4, score bytes ×%5, KV cache ×%6</source>
        <translation>n = %1（实线）→ 2n = %2（虚线）：配对数 ×%3，FLOP ×%4，分数字节 ×%5，KV 缓存 ×%6</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>
With the causal window of %1 keys: pairs ×%2</source>
        <translation>
使用 %1 个键的因果窗口：配对数 ×%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>; W ≥ n hides only later keys: the causal n(n + 1)/2 = %1 pairs, about half of n² = %2</source>
        <translation>；W ≥ n 只隐藏后面的键：因果的 n(n + 1)/2 = %1 个配对，约为 n² = %2 的一半</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>
Marks in decimal thousands: 1K = 1,000 tokens → 1,000,000 pairs; 100K = 100,000 tokens → 10,000,000,000 pairs</source>
        <translation>
标记按十进制的千计：1K = 1,000 个词元 → 1,000,000 个配对；100K = 100,000 个词元 → 10,000,000,000 个配对</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>n → 2n: pairs ×%1, scores ×%2, KV ×%3</source>
        <translation>n → 2n：配对数 ×%1，分数 ×%2，KV ×%3</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Nothing to draw: %1</source>
        <translation>无可绘制内容：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>n = %1
pairs = %2
FLOP = %3
naive score bytes (one layer) = %4 (%5)
KV cache bytes = %6 (%7)</source>
        <translation>n = %1
配对数 = %2
FLOP = %3
朴素分数字节（单层）= %4（%5）
KV 缓存字节 = %6（%7）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>
with the causal window of %1 keys: pairs = %2, FLOP = %3</source>
        <translation>
使用 %1 个键的因果窗口：配对数 = %2，FLOP = %3</translation>
    </message>
</context>
<context>
    <name>CostView</name>
    <message>
        <location filename="../ui/views/cost/costview.cpp" line="+43"/>
        <source>Sequence length n (n_q = n_k)</source>
        <translation>序列长度 n（n_q = n_k）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>n on a log scale, 16 … 1,048,576 (four steps per doubling)</source>
        <translation>n 取对数刻度，16 … 1,048,576（每翻一倍四步）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>head_dim: d_k = d_v of each head</source>
        <translation>head_dim：每个头的 d_k = d_v</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Query heads H_q</source>
        <translation>查询头数 H_q</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K/V heads H_kv: H_q for MHA, 1 for MQA, in between for GQA</source>
        <translation>K/V 头数 H_kv：MHA 为 H_q，MQA 为 1，GQA 介于两者之间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Element type of the scores and of the KV cache</source>
        <translation>分数和 KV 缓存的元素类型</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (1 byte)</source>
        <translation>%1（1 字节）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 (%2 bytes)</source>
        <translation>%1（%2 字节）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Layers that keep a KV cache</source>
        <translation>保留 KV 缓存的层数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A causal window: each query sees only its last W keys, itself included (keys p − W + 1 … p), never a later one. W ≥ n leaves plain causal attention, n(n + 1)/2 pairs. 0 = none: no mask at all, all n² pairs</source>
        <translation>因果窗口：每个查询只看到最近的 W 个键，含自身（键 p − W + 1 … p），从不看后面的键。W ≥ n 即普通因果注意力，n(n + 1)/2 个配对。0 = 无：完全没有掩码，全部 n² 个配对</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none (all n² pairs, no mask)</source>
        <translation>无（全部 n² 个配对，无掩码）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;n</source>
        <translation>&amp;n</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;head_dim</source>
        <translation>&amp;head_dim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;query heads</source>
        <translation>查询头数(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;K/V heads</source>
        <translation>&amp;K/V 头数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;dtype</source>
        <translation>数据类型(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;layers</source>
        <translation>层数(&amp;L)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>causal &amp;window W (keys, itself included)</source>
        <translation>因果窗口 W(&amp;W)（键数，含自身）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>The costs at n and at 2n</source>
        <translation>n 与 2n 时的开销</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>%1 query heads cannot be split into %2 equal groups: GQA needs H_q to be a multiple of H_kv. The cache is still counted for %2 K/V heads.</source>
        <translation>%1 个查询头无法分成 %2 个相等的组：GQA 要求 H_q 是 H_kv 的倍数。缓存仍按 %2 个 K/V 头计算。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 / %2 = %3</source>
        <translation>%1 / %2 = %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 bytes (%2)</source>
        <translation>%1 字节（%2）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>at n = %1</source>
        <translation>n = %1 时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>at 2n = %1</source>
        <translation>2n = %1 时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ratio 2n / n</source>
        <translation>比值 2n / n</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>pairs (causal window, last %1 keys)</source>
        <translation>配对数（因果窗口，最近 %1 个键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pairs (n², no mask)</source>
        <translation>配对数（n²，无掩码）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FLOP (causal window)</source>
        <translation>FLOP（因果窗口）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FLOP (4 · pairs · head_dim · H_q)</source>
        <translation>FLOP（4 · 配对数 · head_dim · H_q）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>naive score bytes (one layer)</source>
        <translation>朴素分数字节（单层）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>KV cache bytes (%1 layers)</source>
        <translation>KV 缓存字节（%1 层）</translation>
    </message>
</context>
<context>
    <name>CurvePlot</name>
    <message>
        <location filename="../ui/plots/curveplot.cpp" line="+120"/>
        <source>%1 at %2 %3: %4</source>
        <translation>%1，%2 %3 时：%4</translation>
    </message>
</context>
<context>
    <name>DistributionEditor</name>
    <message>
        <location filename="../ui/lessons/distributioneditor.cpp" line="+28"/>
        <source>Predicted weights</source>
        <translation>预测的权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag a bar to the weight you expect; the others rescale so that the row sums to 1. Keys: ←/→ choose a bar, ↑/↓ change it.</source>
        <translation>把条形拖到你预计的权重；其余条形随之缩放，使这一行的和为 1。按键：←/→ 选择条形，↑/↓ 改变它。</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <location filename="../ui/shell/exportdialog.cpp" line="+44"/>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Export figure</source>
        <translation>导出图</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG (vector)</source>
        <translation>SVG（矢量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF (vector)</source>
        <translation>PDF（矢量）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG and PDF stay sharp at any size; PNG is a picture of pixels</source>
        <translation>SVG 和 PDF 在任何尺寸下都保持清晰；PNG 是由像素构成的图片</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Format:</source>
        <translation>格式(&amp;F)：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The layout&apos;s width: pixels at 96 DPI, points in a PDF</source>
        <translation>版面宽度：96 DPI 下的像素，PDF 中的点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The layout&apos;s height: pixels at 96 DPI, points in a PDF</source>
        <translation>版面高度：96 DPI 下的像素，PDF 中的点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> DPI</source>
        <translation> DPI</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG only: 300 DPI keeps the layout and draws it at 3.125 times the pixels, for print and slides</source>
        <translation>仅限 PNG：300 DPI 保持版面不变，以 3.125 倍的像素绘制，适合打印和幻灯片</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Resolution:</source>
        <translation>分辨率(&amp;R)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>F&amp;ile:</source>
        <translation>文件(&amp;I)：</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>vector: no pixels, the size is the page in points</source>
        <translation>矢量：没有像素，尺寸即以点为单位的页面</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 × %2 pixels</source>
        <translation>%1 × %2 像素</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 × %2 pixels: too large</source>
        <translation>%1 × %2 像素：太大</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 图形 (*.svg)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export figure to</source>
        <translation>将图导出到</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Give a file name.</source>
        <translation>请给出文件名。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The picture would be too large: %1.</source>
        <translation>图片会太大：%1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>FigureActions</name>
    <message>
        <location filename="../ui/shell/figureactions.cpp" line="+55"/>
        <source>&amp;Export figure…</source>
        <translation>导出图(&amp;E)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write the figure on screen as PNG (any size and DPI), SVG or PDF</source>
        <translation>将屏幕上的图写为 PNG（任意尺寸和 DPI）、SVG 或 PDF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export all figures of this &amp;lesson…</source>
        <translation>导出本课的所有图(&amp;L)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Write the figure of every step of the open lesson into a folder (PDF by default: vector, for slides and handouts)</source>
        <translation>将当前课程每一步的图写入一个文件夹（默认为 PDF：矢量，适合幻灯片和讲义）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy &amp;figure</source>
        <translation>复制图(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Put the figure on screen on the clipboard (as an image and as SVG)</source>
        <translation>将屏幕上的图放到剪贴板（作为图像和 SVG）</translation>
    </message>
    <message>
        <location line="+59"/>
        <location line="+60"/>
        <source>No lesson is open: open one in the lesson panel first.</source>
        <translation>没有打开的课程：请先在课程面板中打开一门课程。</translation>
    </message>
    <message>
        <location line="-49"/>
        <source>Cannot create a scratch folder for the clipboard.</source>
        <translation>无法为剪贴板创建临时文件夹。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot read the figure back for the clipboard.</source>
        <translation>无法为剪贴板读回该图。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>This page has two figures: the file name gets “-weights” (the heatmap) and “-bars” (the selected query&apos;s weights).</source>
        <translation>此页有两张图：文件名会加上“-weights”（热力图）和“-bars”（所选查询的权重）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+39"/>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+6"/>
        <source>Export all figures of this lesson</source>
        <translation>导出本课的所有图</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>PDF (vector)</source>
        <translation>PDF（矢量）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SVG (vector)</source>
        <translation>SVG（矢量）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PNG image</source>
        <translation>PNG 图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Format of the figures of “%1”:</source>
        <translation>“%1”的图的格式：</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export the lesson&apos;s figures to</source>
        <translation>将本课的图导出到</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Export done</source>
        <translation>导出完成</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Wrote %n file(s) to %1.</source>
        <translation>
            <numerusform>已将 %n 个文件写入 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Copied the figure to the clipboard</source>
        <translation>已将图复制到剪贴板</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot copy the figure</source>
        <translation>无法复制图</translation>
    </message>
</context>
<context>
    <name>FigureOnlyMode</name>
    <message>
        <location filename="../ui/shell/figureonlymode.cpp" line="+55"/>
        <source>&amp;Figure only</source>
        <translation>仅显示图(&amp;F)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show only the figure, full screen, for a projector (F11 or Esc to leave)</source>
        <translation>全屏只显示图，适合投影仪（按 F11 或 Esc 退出）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Leave figure only</source>
        <translation>退出仅显示图</translation>
    </message>
</context>
<context>
    <name>FigureTableDialog</name>
    <message>
        <location filename="../ui/shell/figuretabledialog.cpp" line="+19"/>
        <source>Figure as a table</source>
        <translation>图形的表格形式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Tables of the figure</source>
        <translation>图形的表格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This figure has no table of numbers.</source>
        <translation>此图形没有数值表格。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Copy table</source>
        <translation>复制表格(&amp;C)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy the table shown as tab-separated text (pastes into a spreadsheet)</source>
        <translation>把当前表格复制为以制表符分隔的文本（可粘贴到电子表格）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Table %1</source>
        <translation>表格 %1</translation>
    </message>
</context>
<context>
    <name>HeadGrid</name>
    <message>
        <location filename="../ui/views/train/headgrid.cpp" line="+31"/>
        <source>Attention weights of every head on the probe sequence</source>
        <translation>每个头在探测序列上的注意力权重</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>No model yet</source>
        <translation>还没有模型</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>L%1</source>
        <translation>L%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Layer %1, head %2 at step %3</source>
        <translation>第 %1 层，头 %2，第 %3 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
%1 score: %2</source>
        <translation>
%1 得分：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
query %1 “%2” cannot see key %3 “%4” (causal)</source>
        <translation>
查询 %1 “%2” 看不到键 %3 “%4”（因果掩码）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>
query %1 “%2” → key %3 “%4”: weight %5</source>
        <translation>
查询 %1 “%2” → 键 %3 “%4”：权重 %5</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>
Double-click to open this head in the Q/K/V editor</source>
        <translation>
双击在 Q/K/V 编辑器中打开这个头</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Layer %1, head %2 on the probe at step %3</source>
        <translation>第 %3 步时第 %1 层、第 %2 个头在探针上的权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>query \ key</source>
        <translation>查询 \ 键</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+2"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>masked</source>
        <translation>已屏蔽</translation>
    </message>
</context>
<context>
    <name>HeadsView</name>
    <message>
        <location filename="../ui/views/heads/headsview.cpp" line="+68"/>
        <source>How many K/V heads the query heads share. Fewer K/V heads: a smaller KV cache; switching averages the K/V heads of each new group (Ainslie et al. 2023, §2.1).</source>
        <translation>查询头共享多少个 K/V 头。K/V 头越少，KV 缓存越小；切换时对每个新组内的 K/V 头取平均（Ainslie 等，2023，§2.1）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The highlighted query head (also chosen by clicking its map)</source>
        <translation>高亮的查询头（也可点击其图来选择）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The query whose head outputs, concatenation and projection are shown</source>
        <translation>显示其各头输出、拼接和投影的查询</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>K/V heads:</source>
        <translation>K/V 头：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query:</source>
        <translation>查询：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>Nothing to show</source>
        <translation>无可显示内容</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 query heads, %2 K/V head (%3): the weights of every head</source>
        <translation>%1 个查询头，%2 个 K/V 头（%3）：每个头的权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 query heads, %2 K/V heads (%3): the weights of every head</source>
        <translation>%1 个查询头，%2 个 K/V 头（%3）：每个头的权重</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Use %1 K/V heads</source>
        <translation>使用 %1 个 K/V 头</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>head %1 (reads K/V head %2)
query “%3” → key “%4”
weight = %5
score (logit) = %6</source>
        <translation>头 %1（读取 K/V 头 %2）
查询“%3”→ 键“%4”
权重 = %5
分数（logit）= %6</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>
masked</source>
        <translation>
已屏蔽</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>head %1: query “%2” → the sink
weight = %3
The sink&apos;s term exp(s) is in the softmax denominator but carries no value: this share of the row reads nothing.</source>
        <translation>头 %1：查询“%2”→ 汇点
权重 = %3
汇点的项 exp(s) 在 softmax 的分母中，但不携带值：这一行的这部分权重不读取任何内容。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>concatenation[%1] = head %2 output[%3] = %4</source>
        <translation>拼接[%1] = 头 %2 输出[%3] = %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>W_o[%1][%2] = %3
(row %1 multiplies head %4&apos;s output entry %5)</source>
        <translation>W_o[%1][%2] = %3
（第 %1 行乘以头 %4 的输出分量 %5）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>output[%1] = Σ_r concatenation[r] · W_o[r][%1] = %2</source>
        <translation>输出[%1] = Σ_r 拼接[r] · W_o[r][%1] = %2</translation>
    </message>
</context>
<context>
    <name>HeatmapPlot</name>
    <message>
        <location filename="../ui/plots/heatmapplot.cpp" line="+40"/>
        <source>weight 0 on every key, output 0</source>
        <translation>每个键权重为 0，输出为 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight NaN on every key, output NaN</source>
        <translation>每个键权重为 NaN，输出为 NaN</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight 1/n_k on every key, output the mean of V</source>
        <translation>每个键权重为 1/n_k，输出为 V 的平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>an error</source>
        <translation>一个错误</translation>
    </message>
    <message>
        <location line="+91"/>
        <source>Attention weights A</source>
        <translation>注意力权重 A</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+175"/>
        <source>keys (n_k = %1) and the sink, which carries no value</source>
        <translation>键（n_k = %1）和汇点（不携带值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keys (n_k = %1)</source>
        <translation>键（n_k = %1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>queries (n_q = %1; ⊘ sees no key: “%2”)</source>
        <translation>查询（n_q = %1；⊘ 看不到任何键：“%2”）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>queries (n_q = %1)</source>
        <translation>查询（n_q = %1）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>sink</source>
        <translation>汇点</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>query “%1” → key “%2”</source>
        <translation>查询“%1”→ 键“%2”</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+44"/>
        <source>weight %1</source>
        <translation>权重 %1</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>logit %1</source>
        <translation>logit %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>masked: this query sees no key; all_masked_rows “%1” gives %2</source>
        <translation>已屏蔽：此查询看不到任何键；all_masked_rows “%1” 给出 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>masked: this key is not visible to this query (it takes no weight)</source>
        <translation>已屏蔽：此查询看不到这个键（它不获得权重）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the engine returned NaN for this row</source>
        <translation>引擎对此行返回了 NaN</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the logit of key “%1” is %2, so the softmax of this row is undefined</source>
        <translation>键“%1”的 logit 为 %2，因此此行的 softmax 无定义</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not a number: %1</source>
        <translation>非数值：%1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>query “%1” → the sink</source>
        <translation>查询“%1”→ 汇点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The sink&apos;s term exp(s) is in the softmax denominator but carries no value: this share of the row attends to nothing, and the weights on the keys sum to 1 − %1.</source>
        <translation>汇点的项 exp(s) 在 softmax 的分母中，但不携带值：这一行的这部分权重不关注任何内容，键上的权重之和为 1 − %1。</translation>
    </message>
</context>
<context>
    <name>InterventionView</name>
    <message>
        <location filename="../ui/views/interventions/interventionview.cpp" line="+43"/>
        <source>The key to intervene on</source>
        <translation>要干预的键</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>delete the token</source>
        <translation>删除该词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zero its value (keep its key)</source>
        <translation>将其值置零（保留键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zero its key (keep its value)</source>
        <translation>将其键置零（保留值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duplicate it</source>
        <translation>复制它</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Intervene on key</source>
        <translation>干预键</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Weight vs effect of deleting each key, query “%1”</source>
        <translation>权重与删除各键的效果，查询“%1”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, head %1</source>
        <translation>，头 %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 &amp; %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ranking keys by weight and by deletion effect: %1 concordant, %2 discordant pairs, γ = %3.%4</source>
        <translation>按权重和按删除效果给键排序：%1 个一致对，%2 个不一致对，γ = %3。%4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> Discordant (the heavier key moves the output less): %1.</source>
        <translation> 不一致（权重较大的键对输出的影响反而较小）：%1。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Permutation: the keys reversed together with their values change every output by at most %1: attention reads a set, not an order.</source>
        <translation>置换：把键连同其值一起倒序，每个输出最多改变 %1：注意力读取的是集合，而不是顺序。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Permutation: not shown here, since %1.</source>
        <translation>置换：此处不显示，因为 %1。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing to show: %1</source>
        <translation>无可显示内容：%1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Choose a key above to delete, blank or duplicate it.</source>
        <translation>在上方选择一个键来删除、置空或复制它。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Duplicate “%1”: its weight %2 becomes %3 for the two copies together; one copy with its logit raised by ln 2 gets %4 (outputs differ by %5). Output %6 → %7, ‖Δ‖ = %8.</source>
        <translation>复制“%1”：其权重 %2 变为两个副本合计 %3；一个 logit 增加 ln 2 的副本得到 %4（输出相差 %5）。输出 %6 → %7，‖Δ‖ = %8。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Deleting “%1”</source>
        <translation>删除“%1”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zeroing the value of “%1”</source>
        <translation>将“%1”的值置零</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zeroing the key of “%1”</source>
        <translation>将“%1”的键置零</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (weight %2): output %3 → %4, ‖Δ‖ = %5.</source>
        <translation>%1（权重 %2）：输出 %3 → %4，‖Δ‖ = %5。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> Its weight is now %1.</source>
        <translation> 它的权重现在是 %1。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>“%1” %2 → %3</source>
        <translation>“%1” %2 → %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The other weights renormalise, each divided by 1 − %1 = %2: %3.</source>
        <translation>其他权重重新归一化，每个都除以 1 − %1 = %2：%3。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>This intervention cannot be computed: %1</source>
        <translation>无法计算此干预：%1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>key “%1”: weight %2</source>
        <translation>键“%1”：权重 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>key “%1”: ‖Δ output‖ when deleted = %2</source>
        <translation>键“%1”：删除时的 ‖Δ 输出‖ = %2</translation>
    </message>
</context>
<context>
    <name>LessonNavigator</name>
    <message>
        <location filename="../ui/lessons/lessonnavigator.cpp" line="+54"/>
        <source>Click a lesson to open it where you left it</source>
        <translation>点击一门课程，从上次离开的位置打开</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Step text</source>
        <translation>步骤正文</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Your task</source>
        <translation>你的任务</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>‹ Back</source>
        <translation>‹ 上一步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous step (PgUp, Ctrl+←)</source>
        <translation>上一步（PgUp，Ctrl+←）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restart step</source>
        <translation>重新开始本步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load this step&apos;s scenario again, dropping your edits</source>
        <translation>重新载入本步的场景，丢弃你的编辑</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+394"/>
        <source>Next ›</source>
        <translation>下一步 ›</translation>
    </message>
    <message>
        <location line="-392"/>
        <source>Next step (PgDn, Ctrl+→)</source>
        <translation>下一步（PgDn，Ctrl+→）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Next step</source>
        <translation>下一步(&amp;N)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Previous step</source>
        <translation>上一步(&amp;P)</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Lesson step</source>
        <translation>课程步骤</translation>
    </message>
    <message>
        <location line="+163"/>
        <source>This step&apos;s scenario cannot be computed: %1</source>
        <translation>本步的场景无法计算：%1</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>The window shows another scenario now. Press “Restart step” to return to this step and check the task.</source>
        <translation>窗口现在显示的是另一个场景。按“重新开始本步”回到此步骤并检查任务。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Not checked: %1</source>
        <translation>未检查：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Make your prediction first: the task is checked once the weights are revealed.</source>
        <translation>请先做出预测：揭晓权重之后才检查任务。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>✓ Done — %1</source>
        <translation>✓ 完成 — %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not yet — %1</source>
        <translation>尚未完成 — %1</translation>
    </message>
    <message numerus="yes">
        <location line="+50"/>
        <source>⚠  %1 — not loaded (%n problem(s))</source>
        <translation>
            <numerusform>⚠  %1 — 未载入（%n 个问题）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No lessons</source>
        <translation>没有课程</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Choose a lesson above</source>
        <translation>请在上方选择一门课程</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Lesson %1 · %2</source>
        <translation>第 %1 课 · %2</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Hints open after your prediction</source>
        <translation>做出预测后才能查看提示</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show a hint (%1 of %2)</source>
        <translation>显示提示（%1 / %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No more hints</source>
        <translation>没有更多提示</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Next lesson ›</source>
        <translation>下一课 ›</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>**Hint %1.** %2</source>
        <translation>**提示 %1。** %2</translation>
    </message>
</context>
<context>
    <name>LessonText</name>
    <message>
        <location filename="../ui/lessons/lessontext.cpp" line="+71"/>
        <source>%1 (not a web address: not opened)</source>
        <translation>%1（不是网址：不会打开）</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../ui/shell/mainwindow.cpp" line="+67"/>
        <source>Attention Lab</source>
        <translation>注意力实验室</translation>
    </message>
    <message>
        <location line="+74"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Open scenario…</source>
        <translation>打开场景(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Load a scenario file (JSON)</source>
        <translation>载入场景文件（JSON）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;lessons folder…</source>
        <translation>打开课程文件夹(&amp;L)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the lessons of a folder (yours or a teacher&apos;s) instead of the built-in ones</source>
        <translation>显示某个文件夹（你的或教师的）中的课程，代替内置课程</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Undo: %1</source>
        <translation>撤销：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo: %1</source>
        <translation>重做：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> Preset: </source>
        <translation> 预设：</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+115"/>
        <source>(a file)</source>
        <translation>（一个文件）</translation>
    </message>
    <message>
        <location line="-114"/>
        <source>Load a prepared scenario (your edits can be undone until you switch)</source>
        <translation>载入一个准备好的场景（在切换之前，你的编辑都可以撤销）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Cannot load preset “%1”: %2</source>
        <translation>无法载入预设“%1”：%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Discard your edits?</source>
        <translation>放弃你的编辑吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loading another scenario replaces the current one and its undo history.</source>
        <translation>载入另一个场景会替换当前场景及其撤销历史。</translation>
    </message>
    <message>
        <location line="-139"/>
        <location line="+166"/>
        <location line="+12"/>
        <source>Cannot open scenario</source>
        <translation>无法打开场景</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The file is a valid scenario, but the window cannot show it:
%1</source>
        <translation>该文件是有效的场景，但窗口无法显示它：
%1</translation>
    </message>
    <message>
        <location line="+167"/>
        <source>There is no lesson “%1”. The lessons are: %2.</source>
        <translation>没有课程“%1”。课程有：%2。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Lesson “%1” has %n step(s); there is no step %2.</source>
        <translation>
            <numerusform>课程“%1”有 %n 步；没有第 %2 步。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No such lesson step</source>
        <translation>没有这个课程步骤</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The window shows the lesson you were on instead.</source>
        <translation>窗口改为显示你上次所在的课程。</translation>
    </message>
    <message>
        <location line="-361"/>
        <location line="+166"/>
        <location line="+12"/>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <location line="-176"/>
        <location line="+195"/>
        <source>The file is a valid scenario, but its attention cannot be computed:
%1</source>
        <translation>该文件是有效的场景，但其注意力无法计算：
%1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Open scenario</source>
        <translation>打开场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Lessons</source>
        <translation>课程</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Q/K/V editor</source>
        <translation>&amp;Q/K/V 编辑器</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>&amp;Performance panel</source>
        <translation>性能面板(&amp;P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time the real kernels on this machine against its FMA peak</source>
        <translation>在本机上对真实内核计时，并与其 FMA 峰值比较</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Lessons</source>
        <translation>课程(&amp;L)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Restart step</source>
        <translation>重新开始本步(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reset &amp;progress…</source>
        <translation>重置进度(&amp;P)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Forget which steps are done, every prediction and where you were</source>
        <translation>忘记哪些步骤已完成、每一个预测以及你学到了哪里</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Built-in lessons</source>
        <translation>内置课程(&amp;B)</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>(a lesson)</source>
        <translation>（课程）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 — %2: %3</source>
        <translation>%1 — %2：%3</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>
… and %1 more</source>
        <translation>
… 以及另外 %1 个</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No lesson loaded</source>
        <translation>未载入任何课程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 holds no valid lesson.

%2</source>
        <translation>%1 中没有有效的课程。

%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Some lessons were not loaded</source>
        <translation>部分课程未载入</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n lesson file(s) have problems and were left out:

</source>
        <translation>
            <numerusform>有 %n 个课程文件存在问题，已被略过：

</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Open lessons folder</source>
        <translation>打开课程文件夹</translation>
    </message>
    <message>
        <location filename="../ui/shell/mainwindowlessons.cpp" line="+25"/>
        <location line="+5"/>
        <source>Reset progress</source>
        <translation>重置进度</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Forget the progress of every lesson: the steps done, your predictions and their scores, and where you were? This cannot be undone.</source>
        <translation>要忘记每一课的进度吗？包括已完成的步骤、你的预测及其得分，以及你学到了哪里。此操作无法撤销。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Lesson progress reset.</source>
        <translation>课程进度已重置。</translation>
    </message>
</context>
<context>
    <name>MaskCanvas</name>
    <message>
        <location filename="../ui/views/mask/maskcanvas.cpp" line="+96"/>
        <source>key_padding of “%1”: click to mark it as padding or as a real token</source>
        <translation>“%1”的 key_padding：点击将其标记为填充或真实词元</translation>
    </message>
</context>
<context>
    <name>MaskControls</name>
    <message>
        <location filename="../ui/views/mask/maskcontrols.cpp" line="+18"/>
        <source>Causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>bottom-right</source>
        <translation>右下对齐</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>top-left</source>
        <translation>左上对齐</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Where query i sits among the keys when n_q ≠ n_k: top-left puts the first query at the first key&apos;s position (min pos_k + i), bottom-right puts the last query at the last key&apos;s (max pos_k − (n_q − 1 − i)); with the default positions 0 … n_k − 1 that is i + n_k − n_q.</source>
        <translation>当 n_q ≠ n_k 时查询 i 位于键中的哪个位置：左上对齐把第一个查询放在第一个键的位置（min pos_k + i），右下对齐把最后一个查询放在最后一个键的位置（max pos_k − (n_q − 1 − i)）；在默认位置 0 … n_k − 1 下即 i + n_k − n_q。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Keys visible to the left of the query (∞ = unbounded).</source>
        <translation>查询左侧可见的键数（∞ = 不限）。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys visible to the right of the query (∞ = unbounded).</source>
        <translation>查询右侧可见的键数（∞ = 不限）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>Each query sees only keys at or before its own position (pos_k ≤ pos_q). The cells you hid stay hidden: the parts of a mask combine with AND.</source>
        <translation>每个查询只能看到位于它自己位置或之前的键（pos_k ≤ pos_q）。你隐藏的单元格保持隐藏：掩码的各个部分按 AND 组合。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Keep only keys with pos_q − left ≤ pos_k ≤ pos_q + right: left + 1 + right keys, the query&apos;s own position included. The cells you hid stay hidden.</source>
        <translation>只保留满足 pos_q − left ≤ pos_k ≤ pos_q + right 的键：共 left + 1 + right 个键，查询自己的位置也算在内。你隐藏的单元格保持隐藏。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every key visible to every query.</source>
        <translation>每个键对每个查询都可见。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What a query that sees no key gets: zero (weights and output 0), nan, uniform (1/n_k over every key, hidden ones too) or error (refuse to compute).</source>
        <translation>看不到任何键的查询得到什么：zero（权重和输出为 0）、nan、uniform（所有键各 1/n_k，包括被隐藏的）或 error（拒绝计算）。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>alignment:</source>
        <translation>对齐：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>left</source>
        <translation>左</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>right</source>
        <translation>右</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>row with no visible key:</source>
        <translation>没有可见键的行：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>head</source>
        <translation>头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The query head whose mask and weights the grid shows.</source>
        <translation>网格显示其掩码和权重的查询头。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Document ids of a packed sequence, one integer per token (“0 0 0 1 1”): a query sees only
keys of its own document (the document mask of attention-gym and FlexAttention). It combines
with causal, window and padding by AND. Press Enter to apply; an empty box removes it.</source>
        <translation>打包序列的文档编号，每个词元一个整数（“0 0 0 1 1”）：查询只能看到同一文档的键
（attention-gym 和 FlexAttention 的文档掩码）。它与因果、窗口和填充掩码取“与”。
按 Enter 应用；留空则移除。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+82"/>
        <source>documents:</source>
        <translation>文档：</translation>
    </message>
    <message>
        <location line="-77"/>
        <source>none (e.g. 0 0 1 1)</source>
        <translation>无（例如 0 0 1 1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>query documents:</source>
        <translation>查询文档：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Prefix LM (attention-gym&apos;s prefix_lm_causal): keys at positions &lt; p are visible to every
query, as in an encoder; the rest stays causal. Setting a prefix turns causal on.</source>
        <translation>前缀语言模型（attention-gym 的 prefix_lm_causal）：位置 &lt; p 的键对每个查询都可见，
如同编码器；其余部分保持因果。设置前缀会打开因果掩码。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>prefix length:</source>
        <translation>前缀长度：</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>key documents:</source>
        <translation>键文档：</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Document ids: “%1” is not an integer; give one integer per token, e.g. 0 0 1 1.</source>
        <translation>文档编号：“%1”不是整数；请为每个词元给出一个整数，例如 0 0 1 1。</translation>
    </message>
</context>
<context>
    <name>MaskEditorView</name>
    <message>
        <location filename="../ui/views/mask/maskeditorview.cpp" line="+129"/>
        <source>%1: refused (%2).</source>
        <translation>%1：被拒绝（%2）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Show %1→%2</source>
        <translation>显示 %1→%2</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Hide %1→%2</source>
        <translation>隐藏 %1→%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Causal mask</source>
        <translation>因果掩码</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Window left %1, right %2</source>
        <translation>窗口 左 %1，右 %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Pad key %1</source>
        <translation>将键 %1 设为填充</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unpad key %1</source>
        <translation>取消键 %1 的填充</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Clear the mask</source>
        <translation>清除掩码</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Remove the document mask</source>
        <translation>移除文档掩码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Documents %1</source>
        <translation>文档 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Prefix length %1</source>
        <translation>前缀长度 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove the prefix</source>
        <translation>移除前缀</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Policy for rows with no visible key: %1</source>
        <translation>没有可见键的行的策略：%1</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>query “%1” → key “%2”
weight = %3
logit = %4</source>
        <translation>查询“%1”→ 键“%2”
权重 = %3
logit = %4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
head %1</source>
        <translation>
头 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>
visible · click or Space hides it</source>
        <translation>
可见 · 点击或按空格将其隐藏</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>
masked by:
</source>
        <translation>
被以下屏蔽：
</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>
click or Space shows it</source>
        <translation>
点击或按空格将其显示</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Mask editor</source>
        <translation>掩码编辑器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Nothing computed yet.</source>
        <translation>尚未计算。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing to draw: %1</source>
        <translation>无可绘制内容：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Visibility and weights: rows are queries (n_q = %1), columns keys (n_k = %2)</source>
        <translation>可见性与权重：行是查询（n_q = %1），列是键（n_k = %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, head %1</source>
        <translation>，头 %1</translation>
    </message>
</context>
<context>
    <name>MatrixBlocks</name>
    <message>
        <location filename="../ui/document/matrixblocks.cpp" line="+93"/>
        <source>S shows the logits computed from Q and K and cannot be written; click “Edit scores directly” first</source>
        <translation>S 显示的是由 Q 和 K 计算出的 logits，不能写入；请先点击“直接编辑分数”</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 has no values to write</source>
        <translation>%1 没有可写入的值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>there are no numbers</source>
        <translation>没有数字</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a %1 block at row %2, column %3 does not fit %4, which is %5</source>
        <translation>从第 %2 行第 %3 列开始的 %1 块放不进 %4，它是 %5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>NaN and infinity cannot be computed</source>
        <translation>NaN 和无穷大无法计算</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Paste %1 into %2</source>
        <translation>将 %1 粘贴到 %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the file holds a %1 matrix, but %2 is %3</source>
        <translation>文件中是 %1 矩阵，但 %2 是 %3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Import %1 from CSV</source>
        <translation>从 CSV 导入 %1</translation>
    </message>
</context>
<context>
    <name>MatrixClipboard</name>
    <message>
        <location filename="../ui/views/common/matrixclipboard.cpp" line="+35"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copy the selected cells of %1 as tab-separated numbers (exact)</source>
        <translation>将 %1 中所选单元格复制为制表符分隔的数字（精确值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Paste cells from a spreadsheet into %1, starting at the current cell (one undoable edit)</source>
        <translation>从电子表格把单元格粘贴到 %1，从当前单元格开始（一次可撤销的编辑）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy table as &amp;TSV</source>
        <translation>将表格复制为 &amp;TSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy all of %1 as tab-separated numbers (exact)</source>
        <translation>将整个 %1 复制为制表符分隔的数字（精确值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Import from CSV…</source>
        <translation>从 CSV 导入(&amp;I)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace %1 by the numbers of a CSV file of the same shape</source>
        <translation>用同样形状的 CSV 文件中的数字替换 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Export as CSV…</source>
        <translation>导出为 CSV(&amp;E)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Write %1 to a CSV file (a header row of labels, exact numbers)</source>
        <translation>将 %1 写入 CSV 文件（一行标签作为表头，数字为精确值）</translation>
    </message>
    <message>
        <location line="+104"/>
        <source>Copied %1×%2 of %3</source>
        <translation>已复制 %3 的 %1×%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Copied all of %1 (%2×%3)</source>
        <translation>已复制整个 %1（%2×%3）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is locked in this step of the lesson</source>
        <translation>%1 在本课的此步骤中已锁定</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Paste into %1 refused: %2. Nothing changed.</source>
        <translation>粘贴到 %1 被拒绝：%2。未做任何更改。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>in the pasted text, %1</source>
        <translation>在粘贴的文本中，%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Pasted %1×%2 into %3</source>
        <translation>已将 %1×%2 粘贴到 %3</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot import %1 from “%2”: %3. Nothing changed.</source>
        <translation>无法从“%2”导入 %1：%3。未做任何更改。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the file is larger than 16 MiB</source>
        <translation>文件大于 16 MiB</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it is %1, not a file</source>
        <translation>它是%1，不是文件</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Imported %1 from %2</source>
        <translation>已从 %2 导入 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot export %1 to “%2”: %3.</source>
        <translation>无法将 %1 导出到“%2”：%3。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Exported %1 (%2×%3) to %4</source>
        <translation>已将 %1（%2×%3）导出到 %4</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+7"/>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Import %1 from CSV</source>
        <translation>从 CSV 导入 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv *.txt);;All files (*)</source>
        <translation>CSV 文件 (*.csv *.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Export %1 as CSV</source>
        <translation>将 %1 导出为 CSV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
</context>
<context>
    <name>MatrixCsv</name>
    <message>
        <location filename="../ui/document/matrixcsv.cpp" line="+104"/>
        <source>there are no numbers</source>
        <translation>没有数字</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the rows are ragged: row %1 has %2 cells, row %3 has %4</source>
        <translation>各行长度不一：第 %1 行有 %2 个单元格，第 %3 行有 %4 个</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>row %1, column %2</source>
        <translation>第 %1 行，第 %2 列</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 is empty</source>
        <translation>%1 为空</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: “%2” is not a number</source>
        <translation>%1：“%2”不是数字</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: “%2” is not allowed (NaN and infinity cannot be computed)</source>
        <translation>%1：不允许“%2”（NaN 和无穷大无法计算）</translation>
    </message>
</context>
<context>
    <name>MatrixTableModel</name>
    <message>
        <location filename="../ui/models/matrixtablemodel.cpp" line="+42"/>
        <source>%1[%2, %3] (%4, column %5) = %6</source>
        <translation>%1[%2, %3]（%4，第 %5 列）= %6</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>query %1</source>
        <translation>查询 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>head %1, feature %2 of %3 = %4</source>
        <translation>头 %1，特征 %2 / %3 = %4</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>NaN and infinity are not allowed</source>
        <translation>不允许 NaN 和无穷大</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1[%2, %3] (%4, column %5): refused “%6” (%7); kept %8.</source>
        <translation>%1[%2, %3]（%4，第 %5 列）：拒绝“%6”（%7）；保留 %8。</translation>
    </message>
</context>
<context>
    <name>MeasuringPlot</name>
    <message>
        <location filename="../ui/plots/measuringplot.cpp" line="+48"/>
        <location line="+78"/>
        <source>Latency against n (this machine, this run)</source>
        <translation>延迟与 n 的关系（本机，本次运行）</translation>
    </message>
    <message>
        <location line="-45"/>
        <location line="+67"/>
        <source>n (n_q = n_k)</source>
        <translation>n（n_q = n_k）</translation>
    </message>
    <message>
        <location line="-66"/>
        <location line="+67"/>
        <source>latency per call, ms</source>
        <translation>每次调用的延迟，毫秒</translation>
    </message>
    <message>
        <location line="-56"/>
        <location line="+58"/>
        <source>needle depth (0 = first key, 1 = last)</source>
        <translation>针的深度（0 = 第一个键，1 = 最后一个）</translation>
    </message>
    <message>
        <location line="-57"/>
        <location line="+59"/>
        <source>cos(output, needle&apos;s value)</source>
        <translation>cos(输出, 针的值)</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Latency against n</source>
        <translation>延迟与 n</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Needle check</source>
        <translation>大海捞针检查</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>depth</source>
        <translation>深度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No run yet</source>
        <translation>尚未运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+92"/>
        <source>No run yet: press Run.</source>
        <translation>尚未运行：请按“运行”。</translation>
    </message>
    <message>
        <location line="-34"/>
        <source>%1 median</source>
        <translation>%1 中位数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 p95</source>
        <translation>%1 p95</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>outside the window</source>
        <translation>在窗口之外</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>retrieved (cos ≥ 0.9)</source>
        <translation>已找回（cos ≥ 0.9）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lost</source>
        <translation>丢失</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>needle at depth %1 (key %2)
cos(output, needle&apos;s value) = %3
%4</source>
        <translation>针位于深度 %1（键 %2）
cos(输出, 针的值) = %3
%4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>retrieved (≥ 0.9)</source>
        <translation>已找回（≥ 0.9）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>lost (&lt; 0.9)</source>
        <translation>丢失（&lt; 0.9）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 at n %2: median %3 ms, p95 %4 ms over %5 timed runs
%6 GFLOP/s, %7 tokens/s</source>
        <translation>%1，n = %2：中位数 %3 毫秒，p95 %4 毫秒，共 %5 次计时运行
%6 GFLOP/s，%7 词元/秒</translation>
    </message>
</context>
<context>
    <name>MeasuringView</name>
    <message>
        <location filename="../ui/views/measuring/measuringview.cpp" line="+73"/>
        <source>A small benchmark</source>
        <translation>一个小型基准测试</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Timed runs per configuration after one untimed warm-up (a 3 s time budget per configuration may stop sooner)</source>
        <translation>每种配置在一次不计时的预热后计时的运行次数（每种配置 3 秒的时间预算可能使其提前停止）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Measure the roof (once), then time every kernel at every n on a worker thread</source>
        <translation>先测量峰值（一次），然后在工作线程上对每个内核在每个 n 上计时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop after the current kernel call; the results so far stay</source>
        <translation>在当前内核调用结束后停止；已有结果保留</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Not run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>%1 at n = %2; %3 query heads : %4 K/V heads, head_dim %5, no window, %6, %n thread(s).</source>
        <translation>
            <numerusform>%1，n = %2；%3 个查询头 : %4 个 K/V 头，head_dim %5，无窗口，%6，%n 个线程。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source> and </source>
        <translation> 和 </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Needle check (n_k %1, d %2)</source>
        <translation>大海捞针检查（n_k %1，d %2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The kernel that computes the last query&apos;s output</source>
        <translation>计算最后一个查询输出的内核</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>none (all %1 keys)</source>
        <translation>无（全部 %1 个键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+184"/>
        <source>last %1 keys</source>
        <translation>最近 %1 个键</translation>
    </message>
    <message>
        <location line="-181"/>
        <source>A causal local window: the last query sees this many keys, itself included</source>
        <translation>因果局部窗口：最后一个查询看到这么多个键，含自身</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Causal window</source>
        <translation>因果窗口</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 of %2: %3</source>
        <translation>%1 / %2：%3</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Cancelling: the current kernel call finishes first…</source>
        <translation>正在取消：先等当前内核调用结束…</translation>
    </message>
    <message numerus="yes">
        <location line="+23"/>
        <source>Cancelled after %n result(s).</source>
        <translation>
            <numerusform>已取消，得到 %n 个结果。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Done: %n result(s).</source>
        <translation>
            <numerusform>完成：%n 个结果。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Retrieved at %1 of %2 depths.</source>
        <translation>在 %2 个深度中的 %1 个找回。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Measuring honestly</source>
        <translation>诚实地测量</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Needle check: %1, %2, n_k %3</source>
        <translation>大海捞针检查：%1，%2，n_k %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>causal window of the last %1 keys</source>
        <translation>最近 %1 个键的因果窗口</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+4"/>
        <source>no window</source>
        <translation>无窗口</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>Needle: %1, %2</source>
        <translation>针：%1，%2</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Report checklist, from the last run (CPU: %1, %n thread(s))</source>
        <translation>
            <numerusform>报告检查清单，来自上次运行（CPU：%1，%n 个线程）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ModelView</name>
    <message>
        <location filename="../ui/views/model/modelview.cpp" line="+44"/>
        <source>Every layer and head at once. Click a thumbnail to open that layer and head in every view; hover for the weight. Open a model with File → Open tensors…</source>
        <translation>一次看到每一层、每个头。点击缩略图即可在所有视图中打开该层和该头；悬停可查看权重。用“文件 → 打开张量…”打开模型。</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>computing the layers…</source>
        <translation>正在计算各层…</translation>
    </message>
</context>
<context>
    <name>PathsCanvas</name>
    <message>
        <location filename="../ui/views/paths/pathscanvas.cpp" line="+113"/>
        <source>From position i = %1 to j = %2, n = %3</source>
        <translation>从位置 i = %1 到 j = %2，n = %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RNN: |%1 − %2| = %3 recurrent steps from i to j</source>
        <translation>RNN：从 i 到 j 需 |%1 − %2| = %3 个循环步骤</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Global attention: i = j, no hop needed</source>
        <translation>全局注意力：i = j，无需跳转</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Global attention: %1 hop (one layer), whatever the distance</source>
        <translation>全局注意力：无论距离多远，%1 跳（一层）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attention with a window of w = %1 positions on each side: ⌈%2 / %1⌉ = %3 stacked layers</source>
        <translation>每侧窗口为 w = %1 个位置的注意力：⌈%2 / %1⌉ = %3 层堆叠</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Animation: press Step or Play. Nothing computed yet.</source>
        <translation>动画：按“单步”或“播放”。尚未计算。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step %1: the RNN has computed %1 of %2 states, one after the other; attention computed all %2 outputs at step 1, in parallel.</source>
        <translation>第 %1 步：RNN 已逐个计算了 %2 个状态中的 %1 个；注意力在第 1 步就并行计算了全部 %2 个输出。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>position %1 “%2”</source>
        <translation>位置 %1“%2”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>
RNN: h_0 needs only the input</source>
        <translation>
RNN：h_0 只需要输入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>
RNN: h_%1 needs h_%2 first (%1 states before it)</source>
        <translation>
RNN：h_%1 需要先算出 h_%2（它之前有 %1 个状态）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
global attention: reads all %1 positions in one step</source>
        <translation>
全局注意力：一步读取全部 %1 个位置</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
windowed attention: one layer reads positions %1 … %2</source>
        <translation>
窗口注意力：一层读取位置 %1 … %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
click: make it i; Shift+click or right click: make it j</source>
        <translation>
点击：设为 i；Shift+点击或右键：设为 j</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Sequential steps of one layer
against n</source>
        <translation>一层的顺序步骤数
与 n 的关系</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>n (tokens)</source>
        <translation>n（词元数）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>attention: %1</source>
        <translation>注意力：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>RNN: %1</source>
        <translation>RNN：%1</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>path from i to j</source>
        <translation>从 i 到 j 的路径</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>caption</source>
        <translation>说明</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <source>RNN</source>
        <translation>RNN</translation>
    </message>
    <message>
        <location line="-6"/>
        <location line="+6"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>%1 recurrent steps</source>
        <translation>%1 个循环步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 layer(s)</source>
        <translation>%1 层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Sequential steps of one layer against n</source>
        <translation>一层的顺序步数随 n 的变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>n</source>
        <translation>n</translation>
    </message>
</context>
<context>
    <name>PathsView</name>
    <message>
        <location filename="../ui/views/paths/pathsview.cpp" line="+25"/>
        <source>Number of positions n; changing it puts i and j at the two ends</source>
        <translation>位置数 n；改变它会把 i 和 j 放到两端</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Position i (from 0); or click a node</source>
        <translation>位置 i（从 0 开始）；或点击一个节点</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Position j (from 0); or Shift+click (right click) a node</source>
        <translation>位置 j（从 0 开始）；或 Shift+点击（右键）一个节点</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How many positions one attention layer reaches on each side; 0 = global attention (every position)</source>
        <translation>一个注意力层在每侧能到达多少个位置；0 = 全局注意力（所有位置）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>global</source>
        <translation>全局</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+191"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="-190"/>
        <source>Run the animation, one step every %1 ms</source>
        <translation>运行动画，每 %1 毫秒一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>One step of the animation</source>
        <translation>动画前进一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rewind</source>
        <translation>倒回</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back to step 0</source>
        <translation>回到第 0 步</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&amp;n</source>
        <translation>&amp;n</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;i</source>
        <translation>&amp;i</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;j</source>
        <translation>&amp;j</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;window w (each side)</source>
        <translation>窗口 w(&amp;W)（每侧）</translation>
    </message>
    <message>
        <location line="+174"/>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
</context>
<context>
    <name>PerformancePanel</name>
    <message>
        <location filename="../ui/bench/performancepanel.cpp" line="+51"/>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 needs %2 GFLOP per call: at least %3 even at %4 GFLOP/s (%5), and a call cannot be cancelled midway; choose a smaller n</source>
        <translation>%1 每次调用需要 %2 GFLOP：即使按 %4 GFLOP/s（%5）也至少需要 %3，而调用无法中途取消；请选择更小的 n</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the measured FMA peak</source>
        <translation>测得的 FMA 峰值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>more than these threads can do</source>
        <translation>超过这些线程的能力</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Performance — Attention Lab</source>
        <translation>性能 — 注意力实验室</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>No results yet: choose what to time and press Run.</source>
        <translation>尚无结果：选择要计时的内容，然后按“运行”。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measure the machine&apos;s roof (once per thread count, about a second), then time every kernel at every size on a worker thread</source>
        <translation>先测量本机峰值（每种线程数一次，约一秒），然后在工作线程上对每个内核在每个长度上计时</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the run after the current kernel call; the results so far stay</source>
        <translation>在当前内核调用结束后停止运行；已有结果保留</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Progress of the whole run, the roof measurement included</source>
        <translation>整个运行的进度，包括峰值测量</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the worker is doing</source>
        <translation>工作线程正在做什么</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Refused configurations (with the memory they would need), errors, and how the last run ended</source>
        <translation>被拒绝的配置（及其所需内存）、错误以及上次运行如何结束</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The configuration these results were measured with</source>
        <translation>这些结果测量时使用的配置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These results</source>
        <translation>这些结果</translation>
    </message>
    <message>
        <location line="+63"/>
        <location line="+84"/>
        <source>Not measured:
%1</source>
        <translation>未测量：
%1</translation>
    </message>
    <message>
        <location line="-82"/>
        <source>Nothing to run. </source>
        <translation>没有可运行的内容。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cancelling: the current kernel call finishes first…</source>
        <translation>正在取消：先等当前内核调用结束…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 of %2: %3</source>
        <translation>%1 / %2：%3</translation>
    </message>
    <message numerus="yes">
        <location line="+35"/>
        <source>Cancelled after %n result(s), %1 s.</source>
        <translation>
            <numerusform>已取消，得到 %n 个结果，%1 秒。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Done: %n result(s) in %1 s.</source>
        <translation>
            <numerusform>完成：%n 个结果，用时 %1 秒。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+15"/>
        <source>kernels</source>
        <translation>内核</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>n (n_q = n_k)</source>
        <translation>n（n_q = n_k）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heads q:kv</source>
        <translation>头数 q:kv</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head_dim</source>
        <translation>head_dim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none (windowed: %1)</source>
        <translation>无（窗口内核：%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>threads</source>
        <translation>线程</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>≤ %1 after 1 warm-up</source>
        <translation>≤ %1，预热 1 次后</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>instruction set</source>
        <translation>指令集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, %2 vector registers</source>
        <translation>%1，%2 个向量寄存器</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>FMA peak</source>
        <translation>FMA 峰值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GFLOP/s (%2 float lanes)</source>
        <translation>%1 GFLOP/s（%2 个 float 通道）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>streaming read</source>
        <translation>流式读取</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 GB/s</source>
        <translation>%1 GB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SGEMM 2048³</source>
        <translation>SGEMM 2048³</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GFLOP/s (%2)</source>
        <translation>%1 GFLOP/s（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>roof</source>
        <translation>峰值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>being measured…</source>
        <translation>正在测量…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memory available</source>
        <translation>可用内存</translation>
    </message>
</context>
<context>
    <name>PositionView</name>
    <message>
        <location filename="../ui/views/position/positionview.cpp" line="+47"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The positional scheme applied to the scores before softmax</source>
        <translation>在 softmax 之前施加于分数的位置方案</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>RoPE base: feature pair p turns by pos · base^(−2p/d_k) radians</source>
        <translation>RoPE 基数：特征对 p 旋转 pos · base^(−2p/d_k) 弧度</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>half split</source>
        <translation>前后对半</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>interleaved</source>
        <translation>交错</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which features rotate together: p with p + d_k/2, or 2p with 2p + 1</source>
        <translation>哪些特征一起旋转：p 与 p + d_k/2，或 2p 与 2p + 1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Partial rotary (GPT-NeoX, Hugging Face&apos;s partial_rotary_factor): only the first r
features of each head&apos;s q and k rotate, pair i turning by pos · base^(−2i/r); the
other d_k − r features carry content only. r is even, 2 ≤ r ≤ d_k; all = d_k.</source>
        <translation>部分旋转（GPT-NeoX，Hugging Face 的 partial_rotary_factor）：每个头的 q 和 k 只有前 r 个
特征旋转，第 i 对转过 pos · base^(−2i/r)；其余 d_k − r 个特征只携带内容。
r 为偶数，2 ≤ r ≤ d_k；全部 = d_k。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>ALiBi slope of the selected head: the score loses slope · distance</source>
        <translation>所选头的 ALiBi 斜率：分数减去 斜率 · 距离</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>W positions on each side: query i sees keys i − W … i + W, 2W + 1 keys with itself (off: no window)</source>
        <translation>每侧 W 个位置：查询 i 看到键 i − W … i + W，连同自身共 2W + 1 个键（关：无窗口）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The key whose score against the selected query is drawn at every distance</source>
        <translation>在每个距离上绘制其与所选查询之分数的键</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Scheme:</source>
        <translation>方案：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RoPE base:</source>
        <translation>RoPE 基数：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rotary_dim:</source>
        <translation>rotary_dim：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ALiBi slope:</source>
        <translation>ALiBi 斜率：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Window W (each side):</source>
        <translation>窗口 W（每侧）：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Curve key:</source>
        <translation>曲线键：</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>Positional scheme: %1</source>
        <translation>位置方案：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>RoPE base %1</source>
        <translation>RoPE 基数 %1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>rotary_dim %1</source>
        <translation>rotary_dim %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>rotary_dim all (d_k)</source>
        <translation>rotary_dim 全部（d_k）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>RoPE layout %1</source>
        <translation>RoPE 布局 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>ALiBi slope of head %1: %2</source>
        <translation>头 %1 的 ALiBi 斜率：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No window</source>
        <translation>无窗口</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Window %1</source>
        <translation>窗口 %1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>No positional scheme: scores from content only</source>
        <translation>无位置方案：分数仅来自内容</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RoPE: q and k rotated by position (base %1, %2)</source>
        <translation>RoPE：q 和 k 按位置旋转（基数 %1，%2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>ALiBi: score − %1 · distance</source>
        <translation>ALiBi：分数 − %1 · 距离</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>; window on</source>
        <translation>；窗口开启</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>; head %1</source>
        <translation>；头 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Order check: with the keys in reverse order, the output of “%1” is %2 instead of %3. </source>
        <translation>顺序检查：把键倒序后，“%1”的输出是 %2 而不是 %3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Largest change: NaN — an output is NaN or infinite in one of the two orders, so the orders cannot be compared (not “no change”).</source>
        <translation>最大变化：NaN — 在两种顺序之一中有输出为 NaN 或无穷大，因此两种顺序无法比较（并非“没有变化”）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Largest change of any output entry: %1%2.</source>
        <translation>任一输出分量的最大变化：%1%2。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (floating-point rounding: no change)</source>
        <translation>（浮点舍入：没有变化）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Nothing to show: %1</source>
        <translation>无可显示内容：%1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No curves: %1</source>
        <translation>没有曲线：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score of q “%1” · k “%2” at distance d</source>
        <translation>q“%1” · k“%2”在距离 d 处的分数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keys reversed: NaN, not comparable</source>
        <translation>键倒序：NaN，不可比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keys reversed: largest change %1</source>
        <translation>键倒序：最大变化 %1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>query “%1” (position %2) → key “%3” (position %4), distance %5
weight = %6
score (logit) = %7</source>
        <translation>查询“%1”（位置 %2）→ 键“%3”（位置 %4），距离 %5
权重 = %6
分数（logit）= %7</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>
masked</source>
        <translation>
已屏蔽</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>distance %1
no positions: %2</source>
        <translation>距离 %1
无位置：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>
RoPE: %1</source>
        <translation>
RoPE：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>
ALiBi: %1</source>
        <translation>
ALiBi：%1</translation>
    </message>
</context>
<context>
    <name>PredictionCover</name>
    <message>
        <location filename="../ui/lessons/predictioncover.cpp" line="+11"/>
        <location line="+41"/>
        <source>Make your prediction first</source>
        <translation>请先做出预测</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This step&apos;s weights stay hidden until you answer the question in the lesson panel and press Reveal.</source>
        <translation>在你回答课程面板中的问题并按下“揭晓”之前，本步骤的权重保持隐藏。</translation>
    </message>
</context>
<context>
    <name>PredictionPanel</name>
    <message>
        <location filename="../ui/lessons/predictionpanel.cpp" line="+27"/>
        <source>Predict first</source>
        <translation>先预测</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Choose a key…</source>
        <translation>选择一个键…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted winning key</source>
        <translation>预测胜出的键</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Type a number, e.g. 0.4</source>
        <translation>输入一个数，例如 0.4</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predicted number</source>
        <translation>预测的数值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reveal</source>
        <translation>揭晓</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show the true weights and score your prediction</source>
        <translation>显示真实的权重并为你的预测打分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Predict again</source>
        <translation>重新预测</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Forget this answer and hide the weights again</source>
        <translation>忘掉这个答案，重新隐藏权重</translation>
    </message>
</context>
<context>
    <name>PreferencesDialog</name>
    <message>
        <location filename="../ui/workspace/preferencesdialog.cpp" line="+27"/>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>viridis</source>
        <translation>viridis</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cividis (colour-blind safe)</source>
        <translation>cividis（色盲友好）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The colour map of every heatmap and weight cell</source>
        <translation>所有热力图和权重单元格的颜色映射</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Colour map:</source>
        <translation>颜色映射(&amp;C)：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Decimals shown in cells and labels; tooltips always show the exact value</source>
        <translation>单元格和标签中显示的小数位数；工具提示总是显示精确值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Decimals shown:</source>
        <translation>显示小数位数(&amp;D)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Large fonts for a projector</source>
        <translation>为投影仪使用大字体</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Shows the interface at 1.5× its font size; exported figures keep their look</source>
        <translation>以 1.5 倍字号显示界面；导出的图保持原样</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Presentation mode:</source>
        <translation>演示模式(&amp;P)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>High contrast</source>
        <translation>高对比度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Language:</source>
        <translation>语言(&amp;L)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The language changes at the next start of Attention Lab.</source>
        <translation>语言将在下次启动注意力实验室时更改。</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Undo &amp;history</source>
        <translation>撤销历史(&amp;H)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>List every edit; click one to go back to it</source>
        <translation>列出每次编辑；点击其中一项即可回到该状态</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Undo history</source>
        <translation>撤销历史</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;the scenario as loaded&gt;</source>
        <translation>&lt;载入时的场景&gt;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Colour map, decimals, presentation mode, theme and language</source>
        <translation>颜色映射、小数位数、演示模式、主题和语言</translation>
    </message>
</context>
<context>
    <name>ProjectionPanel</name>
    <message>
        <location filename="../ui/views/qkv/projectionpanel.cpp" line="+44"/>
        <location line="+79"/>
        <source>Learned projections: Q, K and V are computed from the tokens X</source>
        <translation>学习到的投影：Q、K 和 V 由词元 X 计算得出</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Output projection: output · W_o</source>
        <translation>输出投影：输出 · W_o</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Remove &amp;biases</source>
        <translation>移除偏置(&amp;B)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add &amp;biases</source>
        <translation>添加偏置(&amp;B)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drop b_q, b_k, b_v and b_o (one undoable edit)</source>
        <translation>删除 b_q、b_k、b_v 和 b_o（一次可撤销的编辑）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add zero biases b_q, b_k, b_v (and b_o with W_o) to edit: Q = X·W_q + b_q, …</source>
        <translation>添加全零偏置 b_q、b_k、b_v（有 W_o 时还有 b_o）以便编辑：Q = X·W_q + b_q，…</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>projected output = O·W_o%1: (%2 × %3)·(%4) → %2 × %5</source>
        <translation>投影后的输出 = O·W_o%1：(%2 × %3)·(%4) → %2 × %5</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>projected output of “%1” = [%2]</source>
        <translation>“%1”的投影后输出 = [%2]</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Remove biases</source>
        <translation>移除偏置</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add biases</source>
        <translation>添加偏置</translation>
    </message>
</context>
<context>
    <name>ProjectionTableModel</name>
    <message>
        <location filename="../ui/models/projectiontablemodel.cpp" line="+103"/>
        <source>%1[%2, %3] = %4</source>
        <translation>%1[%2, %3] = %4</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>NaN and infinity are not allowed</source>
        <translation>不允许 NaN 和无穷大</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1[%2, %3]: refused “%4” (%5); kept %6.</source>
        <translation>%1[%2, %3]：拒绝了“%4”（%5）；保留 %6。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1[%2, %3] = %4: refused (%5); kept %6.</source>
        <translation>%1[%2, %3] = %4：已拒绝（%5）；保留 %6。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <location filename="../ui/views/heads/headsfigure.cpp" line="+217"/>
        <source>Rows: queries, columns: keys, colour: weight 0 → 1. A grey box holds the query heads that read one K/V head. Click a map to pick its head and query.</source>
        <translation>行：查询，列：键，颜色：权重 0 → 1。灰框圈出读取同一个 K/V 头的查询头。点击一张图以选择其头和查询。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rows: queries, columns: keys, colour: weight 0 → 1. A grey box holds the query heads that read one K/V head.</source>
        <translation>行：查询，列：键，颜色：权重 0 → 1。灰框圈出读取同一个 K/V 头的查询头。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>K/V head %1</source>
        <translation>K/V 头 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+87"/>
        <location line="+92"/>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
    <message>
        <location line="-162"/>
        <source>sink</source>
        <translation>汇点</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Query “%1”: head outputs side by side = concatenation (1 × %2)  ·  W_o (%2 × %3)  =  output (1 × %3)</source>
        <translation>查询“%1”：各头输出并排 = 拼接（1 × %2）  ·  W_o（%2 × %3）  =  输出（1 × %3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>“%1”: concat · W_o = output</source>
        <translation>“%1”：拼接 · W_o = 输出</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>Blue &lt; 0 &lt; red. W_o is the scenario&apos;s: edit it in the Q/K/V editor&apos;s W_o table, and every output entry follows.</source>
        <translation>蓝 &lt; 0 &lt; 红。W_o 来自场景：在 Q/K/V 编辑器的 W_o 表格中编辑它，每个输出分量都会随之改变。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Blue &lt; 0 &lt; red; W_o from the scenario.</source>
        <translation>蓝 &lt; 0 &lt; 红；W_o 来自场景。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Blue &lt; 0 &lt; red. W_o is fixed by the view (seeded Xavier-uniform, not trained): every output entry mixes every head.</source>
        <translation>蓝 &lt; 0 &lt; 红。W_o 由视图固定（带种子的 Xavier 均匀初始化，未训练）：每个输出分量都混合了每个头。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Blue &lt; 0 &lt; red; W_o seeded, not trained.</source>
        <translation>蓝 &lt; 0 &lt; 红；W_o 带种子，未训练。</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Attention weights of every head</source>
        <translation>每个头的注意力权重</translation>
    </message>
    <message>
        <location filename="../ui/views/position/positionfigure.cpp" line="+104"/>
        <source>Weights (rows: queries, columns: keys)</source>
        <translation>权重（行：查询，列：键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>dashed band: the window, %1 back and %2 ahead</source>
        <translation>虚线带：窗口，向后 %1，向前 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>window: %1 back, %2 ahead</source>
        <translation>窗口：向后 %1，向前 %2</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>outside the window</source>
        <translation>在窗口之外</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>distance d = pos_q − pos_k (tokens)</source>
        <translation>距离 d = pos_q − pos_k（词元）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>distance d</source>
        <translation>距离 d</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>score (logit)</source>
        <translation>分数（logit）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>no positions</source>
        <translation>无位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <location line="+22"/>
        <source> (n/a)</source>
        <translation>（不适用）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> (cannot apply)</source>
        <translation>（无法应用）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Attention weights with positions</source>
        <translation>加入位置后的注意力权重</translation>
    </message>
    <message>
        <location filename="../ui/views/interventions/interventionfigure.cpp" line="+145"/>
        <source>weight (top panel)</source>
        <translation>权重（上面的面板）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>‖Δ output‖ if deleted (bottom panel)</source>
        <translation>删除后的 ‖Δ 输出‖（下面的面板）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>≠ ranks disagree</source>
        <translation>≠ 排名不一致</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>weight: how the output was mixed</source>
        <translation>权重：输出是怎样混合的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>‖Δ output‖ when the key is deleted</source>
        <translation>删除该键时的 ‖Δ 输出‖</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 (#%2)</source>
        <translation>%1（#%2）</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>‖Δ output‖ if deleted</source>
        <translation>删除后的 ‖Δ 输出‖</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>visible</source>
        <translation>可见</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ranks disagree</source>
        <translation>排序不一致</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../ui/views/tiling/tilingfigure.cpp" line="+329"/>
        <source>masked</source>
        <translation>已屏蔽</translation>
    </message>
    <message>
        <location filename="../ui/views/mask/maskfigure.cpp" line="+297"/>
        <location line="+12"/>
        <source>real</source>
        <translation>真实</translation>
    </message>
    <message>
        <location line="-11"/>
        <location line="+10"/>
        <source>pad</source>
        <translation>填充</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>weight 0</source>
        <translation>权重 0</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>masked (excluded before softmax)</source>
        <translation>已屏蔽（在 softmax 之前排除）</translation>
    </message>
    <message>
        <location filename="../ui/views/tiling/tilingfigure.cpp" line="-79"/>
        <source> (%1 of %2)</source>
        <translation>（%2 维中的 %1 维）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+85"/>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>max m</source>
        <translation>最大值 m</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>sum ℓ</source>
        <translation>和 ℓ</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+86"/>
        <source>output so far</source>
        <translation>目前的输出</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>naive output</source>
        <translation>朴素算法的输出</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Logits, by tile (%1 of %2 tiles visited)</source>
        <translation>按分块列出的 logits（已访问 %2 块中的 %1 块）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>query \ key</source>
        <translation>查询 \ 键</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>tile %1, visited</source>
        <translation>第 %1 块，已访问</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tile %1</source>
        <translation>第 %1 块</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Online softmax state after %1 tiles</source>
        <translation>访问 %1 块之后的在线 softmax 状态</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>running max m</source>
        <translation>当前最大值 m</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>running sum ℓ</source>
        <translation>当前和 ℓ</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attend()&apos;s output</source>
        <translation>attend() 的输出</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>−∞ (no visible key yet)</source>
        <translation>−∞（还没有可见的键）</translation>
    </message>
    <message>
        <location filename="../ui/views/train/tokeneffectfigure.cpp" line="+177"/>
        <source>Attention rollout R(t, j), from the weights alone</source>
        <translation>注意力 rollout R(t, j)，只来自权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollout R(t, j)</source>
        <translation>Rollout R(t, j)</translation>
    </message>
    <message>
        <location filename="../ui/views/train/tokeneffectpanel.cpp" line="+25"/>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
</context>
<context>
    <name>QkvEditorView</name>
    <message>
        <location filename="../ui/views/qkv/qkveditorview.cpp" line="+53"/>
        <source>Q: n_q × (H_q·d_k)   K: n_k × (H_kv·d_k)   V: n_k × (H_kv·d_v)
A = softmax(scores): n_q × n_k per head   O = A·V: n_q × (H_q·d_v)</source>
        <translation>Q：n_q × (H_q·d_k)   K：n_k × (H_kv·d_k)   V：n_k × (H_kv·d_v)
A = softmax(分数)：每个头 n_q × n_k   O = A·V：n_q × (H_q·d_v)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The query whose weights and output are shown</source>
        <translation>显示其权重和输出的查询</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The query head shown in the heatmap</source>
        <translation>热力图中显示的查询头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Query:</source>
        <translation>查询：</translation>
    </message>
    <message>
        <location line="+237"/>
        <source> — computed from X: edit X or %1 above</source>
        <translation> — 由 X 计算得出：请编辑上方的 X 或 %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>head %1 (K/V head %2)</source>
        <translation>头 %1（K/V 头 %2）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Attention weights A, head %1 (K/V head %2)</source>
        <translation>注意力权重 A，头 %1（K/V 头 %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Attention weights A</source>
        <translation>注意力权重 A</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot compute this scenario: %1 — the plots show the last valid result.</source>
        <translation>无法计算此场景：%1 — 图中显示的是上一次有效的结果。</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Output:</source>
        <translation>输出：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>O = (not computed)</source>
        <translation>O =（未计算）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>keys</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Query “%1”: scores = %2 → weights = %3</source>
        <translation>查询“%1”：分数 = %2 → 权重 = %3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (— = masked: left out of softmax)</source>
        <translation>（— = 被屏蔽：不参与 softmax）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>scores (logits) = %1
weights = %2</source>
        <translation>分数（logits）= %1
权重 = %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>values</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Output of “%1” (weights · V):</source>
        <translation>“%1”的输出（权重 · V）：</translation>
    </message>
</context>
<context>
    <name>QuerySelector</name>
    <message>
        <location filename="../ui/views/common/queryselector.cpp" line="+16"/>
        <source>The query whose scores and weights are shown</source>
        <translation>显示其分数和权重的查询</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The query head whose q and keys are used</source>
        <translation>使用其 q 和键的查询头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Head:</source>
        <translation>头：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query:</source>
        <translation>查询：</translation>
    </message>
</context>
<context>
    <name>ScalingPlot</name>
    <message>
        <location filename="../ui/plots/scalingplot.cpp" line="+69"/>
        <location line="+1"/>
        <source>d_k</source>
        <translation>d_k</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>spread (std) of the scores</source>
        <translation>分数的离散程度（标准差）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean softmax entropy (nats)</source>
        <translation>平均 softmax 熵（奈特）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>plain q·k</source>
        <translation>未缩放 q·k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scaled q·k/√d_k</source>
        <translation>缩放 q·k/√d_k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>√d_k</source>
        <translation>√d_k</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>plain</source>
        <translation>未缩放</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scaled</source>
        <translation>缩放</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>without scaling (plain q·k)</source>
        <translation>不缩放（q·k）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>with 1/√d_k (scaled)</source>
        <translation>乘以 1/√d_k（缩放）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Why divide by √d_k: q and %1 keys with random N(0, 1) entries, %2 draws per d_k</source>
        <translation>为什么要除以 √d_k：q 和 %1 个键，元素服从 N(0, 1) 随机分布，每个 d_k 抽样 %2 次</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>uniform: ln %1</source>
        <translation>均匀：ln %1</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>this scenario: d_k = %1</source>
        <translation>本场景：d_k = %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>this scenario: no q·k</source>
        <translation>本场景：没有 q·k</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>d_k = %1
spread of q·k = %2 (√d_k = %3)
spread of q·k/√d_k = %4
mean entropy: plain %5, scaled %6 nats (uniform ln %7 = %8)
mean largest weight: plain %9, scaled %10</source>
        <translation>d_k = %1
q·k 的离散程度 = %2（√d_k = %3）
q·k/√d_k 的离散程度 = %4
平均熵：未缩放 %5，缩放 %6 奈特（均匀 ln %7 = %8）
平均最大权重：未缩放 %9，缩放 %10</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>key “%1”
without scaling: weight %2, logit %3
with 1/√d_k: weight %4, logit %5</source>
        <translation>键“%1”
不缩放：权重 %2，logit %3
乘以 1/√d_k：权重 %4，logit %5</translation>
    </message>
</context>
<context>
    <name>ScalingView</name>
    <message>
        <location filename="../ui/views/scaling/scalingview.cpp" line="+91"/>
        <source>Nothing to show: %1</source>
        <translation>无可显示内容：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This scenario gives raw scores, not q·k: there is no dot product to scale.</source>
        <translation>本场景直接给出原始分数，而不是 q·k：没有可缩放的点积。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This scenario scores additively (vᵀ tanh(W_q q + W_k k)), which is never divided by √d_k: the live row compares dot products only.</source>
        <translation>本场景使用加性打分（vᵀ tanh(W_q q + W_k k)），它从不除以 √d_k：实时行只比较点积。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The scenario sets its own scale %1; the bars use the default ones (1 and 1/√d_k).</source>
        <translation>本场景设定了自己的缩放因子 %1；柱形使用默认值（1 和 1/√d_k）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The live row cannot be computed: %1</source>
        <translation>实时行无法计算：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Live example</source>
        <translation>实时示例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>plain dot</source>
        <translation>未缩放点积</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>scaled dot</source>
        <translation>缩放点积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Live example, query “%1”: weights without and with 1/√%2 (this scenario: %3)</source>
        <translation>实时示例，查询“%1”：不乘与乘以 1/√%2 的权重（本场景：%3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, head %1</source>
        <translation>，头 %1</translation>
    </message>
</context>
<context>
    <name>ScenarioDocument</name>
    <message>
        <location filename="../ui/document/scenariodocument.cpp" line="+38"/>
        <source>cannot compute attention: %1</source>
        <translation>无法计算注意力：%1</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Edit %1[%2, %3]</source>
        <translation>编辑 %1[%2, %3]</translation>
    </message>
    <message>
        <location line="+140"/>
        <source>%1[%2, %3] = %4 (%5, column %6)</source>
        <translation>%1[%2, %3] = %4（%5，第 %6 列）</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Add query</source>
        <translation>添加查询</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Remove query %1</source>
        <translation>删除查询 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Add key</source>
        <translation>添加键</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Remove key %1</source>
        <translation>删除键 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Add d_k column</source>
        <translation>添加 d_k 列</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Remove d_k column %1</source>
        <translation>删除 d_k 列 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Add d_v column</source>
        <translation>添加 d_v 列</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Remove d_v column %1</source>
        <translation>删除 d_v 列 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> (Q, K and V are no longer computed from X)</source>
        <translation>（Q、K 和 V 不再由 X 计算）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1 (query “%2”) is NaN (null in the file); the scores of that query are NaN</source>
        <translation>%1（查询“%2”）为 NaN（文件中为 null）；该查询的分数为 NaN</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (key “%2”) is NaN (null in the file); its scores are NaN wherever it is visible</source>
        <translation>%1（键“%2”）为 NaN（文件中为 null）；在它可见之处其分数为 NaN</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 (key “%2”) is NaN (null in the file); rows that attend to it get NaN</source>
        <translation>%1（键“%2”）为 NaN（文件中为 null）；关注它的行得到 NaN</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is NaN (null in the file); that score is NaN where it is visible</source>
        <translation>%1 为 NaN（文件中为 null）；在它可见之处该分数为 NaN</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source> (and %n more NaN entries)</source>
        <translation>
            <numerusform>（另有 %n 个 NaN 元素）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>. A masked token&apos;s NaN never reaches the output.</source>
        <translation>。被屏蔽词元的 NaN 永远不会到达输出。</translation>
    </message>
    <message>
        <location line="-159"/>
        <location line="+222"/>
        <location filename="../ui/document/scenariodocumentbackground.cpp" line="+178"/>
        <source>%1: refused, the attention cannot be computed (%2). Kept the previous values.</source>
        <translation>%1：被拒绝，注意力无法计算（%2）。已保留原来的值。</translation>
    </message>
    <message>
        <location filename="../ui/document/scenariodocumentbackground.cpp" line="-57"/>
        <source>%1: cancelled while computing; kept the previous values.</source>
        <translation>%1：计算途中已取消；已保留原来的值。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the computation was cancelled: the pictures show the values before the last undo or redo</source>
        <translation>计算已取消：图中显示的是上一次撤销或重做之前的值</translation>
    </message>
</context>
<context>
    <name>ScoreControls</name>
    <message>
        <location filename="../ui/views/common/scorecontrols.cpp" line="+49"/>
        <source>How a query q and a key k become a score:
scaled dot  q·k / √d_k (Vaswani et al. 2017, §3.2.1)
dot  q·k (no scaling)
additive  vᵀ tanh(W_q q + W_k k) (Bahdanau et al. 2015), when the scenario has W_q, W_k, v
raw scores  a matrix S typed in directly (Q and K are then not used)</source>
        <translation>查询 q 和键 k 如何变成分数：
缩放点积  q·k / √d_k（Vaswani 等，2017，§3.2.1）
点积  q·k（不缩放）
加性  vᵀ tanh(W_q q + W_k k)（Bahdanau 等，2015），需场景提供 W_q、W_k、v
原始分数  直接输入的矩阵 S（此时不使用 Q 和 K）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The scale multiplies q·k before the softmax: logits = scale · q·k / τ.
auto is 1/√d_k for scaled dot and 1 otherwise; type a number to replace it.</source>
        <translation>缩放因子在 softmax 之前乘以 q·k：logits = scale · q·k / τ。
auto 对缩放点积为 1/√d_k，其他情况为 1；输入一个数字即可替换它。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The temperature τ divides the logits: weights = softmax(logits / τ) (Hinton et al. 2015).
τ → 0 tends to argmax (all weight on the best key); τ → ∞ tends to uniform (equal shares).
The slider is logarithmic from 0.05 to 20, τ = 1 at the middle tick; the arrow keys move it in
small steps (×1.03), Page Up and Page Down by one tick (×2.1). The box takes any τ &gt; 0.</source>
        <translation>温度 τ 去除 logit：权重 = softmax(logits / τ)（Hinton 等人，2015）。
τ → 0 趋向 argmax（全部权重给最匹配的键）；τ → ∞ 趋向均匀（平分）。
滑块按对数刻度从 0.05 到 20，τ = 1 在中间的刻度上；方向键以小步移动它
（×1.03），Page Up 和 Page Down 每次移动一个刻度（×2.1）。输入框接受任何 τ &gt; 0。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Use the default scale: 1/√d_k for scaled dot, 1 otherwise</source>
        <translation>使用默认缩放因子：缩放点积为 1/√d_k，其他为 1</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scale back to auto and temperature back to 1 (one undoable edit)</source>
        <translation>将缩放因子恢复为 auto，温度恢复为 1（一次可撤销的编辑）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Score:</source>
        <translation>打分：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Scale:</source>
        <translation>缩放：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Temperature τ:</source>
        <translation>温度 τ：</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>scaled dot  q·k/√d_k</source>
        <translation>缩放点积  q·k/√d_k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dot  q·k</source>
        <translation>点积  q·k</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>additive  vᵀtanh(W_q q + W_k k)</source>
        <translation>加性  vᵀtanh(W_q q + W_k k)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>raw scores S</source>
        <translation>原始分数 S</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>auto = %1</source>
        <translation>自动 = %1</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Score: raw scores</source>
        <translation>打分：原始分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cannot switch to raw scores: %1.</source>
        <translation>无法切换到原始分数：%1。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Score: %1</source>
        <translation>打分：%1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Set scale %1</source>
        <translation>设置缩放因子 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set scale auto (%1)</source>
        <translation>设置缩放因子为 auto（%1）</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+48"/>
        <source>Set temperature %1</source>
        <translation>设置温度 %1</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>Reset scale and temperature</source>
        <translation>重置缩放因子和温度</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Set temperature</source>
        <translation>设置温度</translation>
    </message>
</context>
<context>
    <name>ScoreMatrixModel</name>
    <message>
        <location filename="../ui/models/scorematrixmodel.cpp" line="+33"/>
        <source>nothing has been computed yet</source>
        <translation>尚未计算任何内容</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the linear kernel does not take a softmax of the scores, so raw scores could not keep its weights</source>
        <translation>线性内核不对分数取 softmax，因此原始分数无法保持其权重</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the result does not match the scenario</source>
        <translation>结果与场景不一致</translation>
    </message>
    <message>
        <location line="+76"/>
        <source>S[%1, %2] (“%3” → “%4”)</source>
        <translation>S[%1, %2]（“%3”→“%4”）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>
masked: this key is not attended, whatever its score</source>
        <translation>
已屏蔽：无论分数多少，这个键都不被关注</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: logit = scale · score / temperature = %2 (computed; read-only)</source>
        <translation>%1：logit = 缩放因子 · 分数 / 温度 = %2（计算所得；只读）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: raw score = %2</source>
        <translation>%1：原始分数 = %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
logit = scale · S / temperature = %1</source>
        <translation>
logit = 缩放因子 · S / 温度 = %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>query %1</source>
        <translation>查询 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>key %1</source>
        <translation>键 %1</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>NaN and infinity are not allowed</source>
        <translation>不允许 NaN 和无穷大</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: refused “%2” (%3); kept %4.</source>
        <translation>%1：拒绝“%2”（%3）；保留 %4。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Set S[%1, %2] = %3</source>
        <translation>设置 S[%1, %2] = %3</translation>
    </message>
</context>
<context>
    <name>ScoreOptions</name>
    <message>
        <location filename="../ui/views/common/scoreoptions.cpp" line="+33"/>
        <source>Logit softcapping (Gemma 2): logits ← c · tanh(logits / c), after scale, temperature and
positional bias, before masking. Every logit stays inside (−c, c): large logits are bent
towards ±c, small ones pass almost unchanged. Gemma 2 caps attention logits at c = 50.</source>
        <translation>logit 软上限（Gemma 2）：logits ← c · tanh(logits / c)，在缩放、温度和位置偏置之后、
掩码之前。每个 logit 都保持在 (−c, c) 内：大的 logit 被压向 ±c，小的几乎不变。
Gemma 2 把注意力 logit 的上限设为 c = 50。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Attention sink (gpt-oss; StreamingLLM): one more logit s_h per query head whose term
exp(s_h) joins the softmax denominator but carries no value. A row may give its weight to
the sink, so its weights sum to less than 1 and a head can attend to nothing.
The box edits the sink of the head shown; the check box adds s = 0 to every head.</source>
        <translation>注意力汇点（gpt-oss；StreamingLLM）：每个查询头多一个 logit s_h，其项 exp(s_h) 加入
softmax 的分母但不携带值。一行可以把权重交给汇点，于是权重之和小于 1，
一个头可以什么都不关注。
输入框编辑所显示头的汇点；勾选框为每个头加上 s = 0。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The kernel that computes this scenario: naive (the reference), tiled (FlashAttention-2&apos;s
online softmax, exact), windowed (banded, exact; needs a window) or linear (φ = elu + 1,
not softmax). Only naive simulates a reduced dtype.</source>
        <translation>计算此场景的内核：naive（参考实现）、tiled（FlashAttention-2 的在线 softmax，精确）、
windowed（带状，精确；需要窗口）或 linear（φ = elu + 1，不是 softmax）。
只有 naive 能模拟较低精度的 dtype。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The storage type of a simulated kernel: Q, K, V, the logits, the weights and the output are
rounded to it (to nearest, ties to even), the arithmetic runs in float32. float16 keeps 11
significant bits but overflows beyond 65504; bfloat16 keeps float32&apos;s range with 8 bits.</source>
        <translation>模拟内核的存储类型：Q、K、V、logit、权重和输出都舍入到该类型（就近舍入，平局取偶），
运算以 float32 进行。float16 保留 11 位有效位，但超过 65504 就溢出；
bfloat16 具有 float32 的范围，只有 8 位有效位。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Softcap c:</source>
        <translation>软上限 c：</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+142"/>
        <source>Sink s:</source>
        <translation>汇点 s：</translation>
    </message>
    <message>
        <location line="-109"/>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>dtype:</source>
        <translation>dtype：</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Set softcap %1</source>
        <translation>设置软上限 %1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove softcap</source>
        <translation>移除软上限</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Add attention sinks</source>
        <translation>添加注意力汇点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set sink of head %1 to %2</source>
        <translation>把头 %1 的汇点设为 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Set sink %1</source>
        <translation>设置汇点 %1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Remove attention sinks</source>
        <translation>移除注意力汇点</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Kernel %1</source>
        <translation>内核 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>dtype %1</source>
        <translation>dtype %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Sink s (head %1):</source>
        <translation>汇点 s（头 %1）：</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>weights NaN (float64: numbers)</source>
        <translation>权重为 NaN（float64 为数值）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max |Δweight| vs float64 %1</source>
        <translation>与 float64 的最大 |Δ权重| 为 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n logit(s) → ±∞ · </source>
        <translation>
            <numerusform>%n 个 logit → ±∞ · </numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>In %1: largest |weight − float64 weight| = %2, largest |output − float64 output| = %3.</source>
        <translation>在 %1 中：最大 |权重 − float64 权重| = %2，最大 |输出 − float64 输出| = %3。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>First overflowed logit: head %1, query %2, key %3 (its magnitude is beyond the largest finite %4, %5).</source>
        <translation>第一个溢出的 logit：头 %1，查询 %2，键 %3（其绝对值超过了 %4 的最大有限值 %5）。</translation>
    </message>
</context>
<context>
    <name>ScoresTable</name>
    <message>
        <location filename="../ui/views/common/scorestable.cpp" line="+28"/>
        <location line="+110"/>
        <source>Edit scores directly</source>
        <translation>直接编辑分数</translation>
    </message>
    <message>
        <location line="-107"/>
        <source>Replace Q·Kᵀ by a score matrix S equal to the logits shown, so that you can type scores.
Scale and temperature are folded into S (both go back to 1): every weight stays the same.
Choose a score kind above to compute the scores from Q and K again.</source>
        <translation>用等于当前所示 logits 的分数矩阵 S 替换 Q·Kᵀ，以便输入分数。
缩放因子和温度并入 S（两者都恢复为 1）：每个权重保持不变。
在上方选择一种打分方式即可重新由 Q 和 K 计算分数。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>, shared by all %1 heads</source>
        <translation>，由全部 %1 个头共享</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, head %1</source>
        <translation>，头 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;S&lt;/b&gt; — raw scores%1, editable</source>
        <translation>&lt;b&gt;S&lt;/b&gt; — 原始分数%1，可编辑</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>&lt;b&gt;S&lt;/b&gt; — scores (logits)%1, read-only</source>
        <translation>&lt;b&gt;S&lt;/b&gt; — 分数（logits）%1，只读</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Raw scores replace Q·Kᵀ: Q and K are not used while S is given.
logits = scale · S / temperature (scale 1 unless set), then softmax per row.</source>
        <translation>原始分数替换 Q·Kᵀ：给定 S 时不使用 Q 和 K。
logits = 缩放因子 · S / 温度（未设置时缩放因子为 1），然后逐行 softmax。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every score at once: S = scale · Q·Kᵀ / temperature (Vaswani et al. 2017, §3.2.1), before masking; A = softmax of each row.</source>
        <translation>一次算出所有分数：S = 缩放因子 · Q·Kᵀ / 温度（Vaswani 等，2017，§3.2.1），在加掩码之前；A = 每行的 softmax。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source> + ALiBi bias</source>
        <translation> + ALiBi 偏置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>S_ij = scale · vᵀtanh(W_q q_i + W_k k_j) / τ%1; A = softmax of each row over the visible keys.</source>
        <translation>S_ij = 缩放因子 · vᵀtanh(W_q q_i + W_k k_j) / τ%1；A = 每行在可见键上的 softmax。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>S = scale · Q·Kᵀ / τ%1; A = softmax of each row over the visible keys.</source>
        <translation>S = 缩放因子 · Q·Kᵀ / τ%1；A = 每行在可见键上的 softmax。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Q and K are not used while S is given; choose a score kind above to compute S from them again.</source>
        <translation>给定 S 时不使用 Q 和 K；在上方选择一种打分方式即可重新由它们计算 S。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This scenario gives S itself instead of Q and K; logits = scale · S / τ%1.</source>
        <translation>本场景直接给出 S，而不是 Q 和 K；logits = 缩放因子 · S / τ%1。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Cannot edit the scores directly: %1.</source>
        <translation>无法直接编辑分数：%1。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Locked in this step of the lesson</source>
        <translation>在本课的此步骤中已锁定</translation>
    </message>
</context>
<context>
    <name>ScoringPlot</name>
    <message>
        <location filename="../ui/plots/scoringplot.cpp" line="+53"/>
        <source>score (logit)</source>
        <translation>分数（logit）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>%1: query “%2” → key “%3”
score (logit) = %4
weight = %5</source>
        <translation>%1：查询“%2”→ 键“%3”
分数（logit）= %4
权重 = %5</translation>
    </message>
</context>
<context>
    <name>ScoringView</name>
    <message>
        <location filename="../ui/views/scoring/scoringview.cpp" line="+89"/>
        <source>Additive parameters: this scenario has no q and k to score.</source>
        <translation>加性参数：本场景没有可打分的 q 和 k。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Additive parameters of this scenario (h = %1): each edit changes the scenario and can be undone.</source>
        <translation>本场景的加性参数（h = %1）：每次编辑都会改变场景，并且可以撤销。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Additive parameters (h = %1), kept in this view: the scenario itself scores with %2, so they change only the additive column.</source>
        <translation>加性参数（h = %1），保存在此视图中：场景本身使用 %2 打分，因此它们只改变加性一列。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>unit %1</source>
        <translation>单元 %1</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Set additive %1 to %2</source>
        <translation>将加性参数 %1 设为 %2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Nothing to show: %1</source>
        <translation>无可显示内容：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This scenario gives raw scores: there are no q and keys to score.</source>
        <translation>本场景给出原始分数：没有可打分的 q 和键。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dot: q·k</source>
        <translation>点积：q·k</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>scaled dot: q·k / √d_k</source>
        <translation>缩放点积：q·k / √d_k</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>additive: vᵀ tanh(W_q q + W_k k)</source>
        <translation>加性：vᵀ tanh(W_q q + W_k k)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>cannot be computed: %1</source>
        <translation>无法计算：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, h = %1</source>
        <translation>，h = %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(this scenario&apos;s score)</source>
        <translation>（本场景的打分方式）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Three scoring functions on the query “%1” and its %2 keys (d_k = %3)</source>
        <translation>对查询“%1”及其 %2 个键的三种打分函数（d_k = %3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, head %1</source>
        <translation>，头 %1</translation>
    </message>
</context>
<context>
    <name>SentenceArcsView</name>
    <message>
        <location filename="../ui/views/sentence/sentencearcsview.cpp" line="+107"/>
        <source>Click a word to make it the query (or walk the words with ← / → and press Enter; ↑ / ↓ step through the queries); hover a word for its exact weight.</source>
        <translation>点击一个词使其成为查询（或用 ← / → 在词之间移动并按 Enter；↑ / ↓ 逐个切换查询）；悬停在词上查看其精确权重。</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>query “%1” → key “%2”
weight = %3
score (logit) = %4</source>
        <translation>查询“%1”→ 键“%2”
权重 = %3
分数（logit）= %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>
head %1 (K/V head %2)</source>
        <translation>
头 %1（K/V 头 %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>
masked: this query may not attend to this key</source>
        <translation>
已屏蔽：此查询不可关注这个键</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Nothing to draw: %1</source>
        <translation>无可绘制内容：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Weights of the query “%1” (lower row) over the keys (upper row)</source>
        <translation>查询“%1”（下排）对各键（上排）的权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weights of the query “%1” over every word</source>
        <translation>查询“%1”对每个词的权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, head %1</source>
        <translation>，头 %1</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Line width and opacity follow the weight (0 to 1); hover a word for exact values.</source>
        <translation>线宽和不透明度随权重（0 到 1）变化；悬停在词上查看精确值。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line width and opacity follow the weight (0 to 1).</source>
        <translation>线宽和不透明度随权重（0 到 1）变化。</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>the strongest %1 arcs; + %2 weaker (weight %3 together); + / − for more or fewer</source>
        <translation>最强的 %1 条弧；另有 %2 条较弱的（权重合计 %3）；按 + / − 增减</translation>
    </message>
    <message>
        <location line="+94"/>
        <source>This query sees no key; the “%1” policy decides its weights.</source>
        <translation>此查询看不到任何键；由“%1”策略决定其权重。</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>query “%1”: click to show its weights</source>
        <translation>查询“%1”：点击以显示其权重</translation>
    </message>
</context>
<context>
    <name>Seq2SeqView</name>
    <message>
        <location filename="../ui/views/seq2seq/seq2seqbatches.cpp" line="+100"/>
        <source>(training…)</source>
        <translation>（训练中…）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: greedy accuracy %2, largest weight on the reference token in %3 of the steps (%4 one after it), %5 parameters, %6 s</source>
        <translation>%1：贪心准确率 %2，最大权重落在参考词元上的步骤占 %3（落在它后面一个位置上的占 %4），%5 个参数，%6 秒</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Compare trains each variant from step 0 on the page&apos;s task, length, seed and steps, and shows the first held-out example.</source>
        <translation>“比较”在本页的任务、长度、种子和步数下，从第 0 步开始分别训练每一种变体，并显示第一个留出样例。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Colours as in the map on the left (weight 0 to 1).</source>
        <translation>颜色与左边的图相同（权重 0 到 1）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>with attention</source>
        <translation>有注意力</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>without attention (last state only)</source>
        <translation>无注意力（只用最后一个状态）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Measure trains the reversal at each length twice, with the page&apos;s attention and without it, on the same data, seed and steps; each point is the held-out greedy accuracy.</source>
        <translation>“测量”在每个长度上把反转任务训练两次：一次用本页的注意力，一次不用，数据、种子和步数都相同；每个点是留出集上的贪心准确率。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reversal, %1 steps per run, seed %2; with attention: %3. Hover a point for its exact value.</source>
        <translation>反转任务，每次运行 %1 步，种子 %2；有注意力时：%3。把鼠标悬停在点上可读出精确值。</translation>
    </message>
    <message>
        <location filename="../ui/views/seq2seq/seq2seqview.cpp" line="+173"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../ui/views/seq2seq/seq2seqviewcontrols.cpp" line="+100"/>
        <source>&amp;Train</source>
        <translation>训练(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop after the current step (Space)</source>
        <translation>当前步骤结束后停止（空格键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train to the last step on a thread of its own (Space)</source>
        <translation>在独立的线程上训练到最后一步（空格键）</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>no attention</source>
        <translation>无注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>additive</source>
        <translation>加性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dot</source>
        <translation>点积</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>general</source>
        <translation>一般式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, local-p D = %2</source>
        <translation>%1，局部-p D = %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1, bidirectional</source>
        <translation>%1，双向</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>train loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>held-out loss</source>
        <translation>留出集损失</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>greedy accuracy</source>
        <translation>贪心准确率</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>No attention: the decoder reads only the encoder&apos;s last state, so there is no alignment to draw</source>
        <translation>无注意力：解码器只读取编码器的最后一个状态，因此没有对齐可画</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Alignment</source>
        <translation>对齐</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The baseline at step %1</source>
        <translation>第 %1 步的基线</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Alignment of example %1 at step %2 (%3)</source>
        <translation>样例 %1 在第 %2 步的对齐（%3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Step %1: fed its own outputs, the decoder writes “%2” (%3 of %4 right); each row is labelled with the token it should write.</source>
        <translation>第 %1 步：以自己的输出为输入，解码器写出“%2”（%4 个中对了 %3 个）；每一行标注的是它应该写出的词元。</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>held out: loss %1, accuracy %2 (teacher forced), %3 (greedy)</source>
        <translation>留出集：损失 %1，准确率 %2（教师强制），%3（贪心）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source> · largest weight on the reference token in %1 of the steps (one after it: %2)</source>
        <translation> · 最大权重落在参考词元上的步骤占 %1（落在它后面一个位置上的：%2）</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>comparing: step %1 of %2</source>
        <translation>比较中：第 %1 / %2 步</translation>
    </message>
    <message>
        <location line="-78"/>
        <source>teacher-forced accuracy</source>
        <translation>教师强制准确率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>on the reference token</source>
        <translation>落在参考词元上</translation>
    </message>
    <message>
        <location line="+77"/>
        <source>lengths: step %1 of %2</source>
        <translation>测量长度：第 %1 / %2 步</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>step %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 steps/s</source>
        <translation>%1 步/秒</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>step %1 → %2</source>
        <translation>第 %1 步 → %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decoder step %1 of example %2 (%3) at training step %4, seed %5: its state asks, the encoder states answer</source>
        <translation>样例 %2 的解码器第 %1 步（%3），训练第 %4 步，种子 %5：它的状态提问，编码器状态作答</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot open this step: %1</source>
        <translation>无法打开这一步：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open decoder step %1 at training step %2</source>
        <translation>打开训练第 %2 步时的解码器第 %1 步</translation>
    </message>
    <message>
        <location filename="../ui/views/seq2seq/seq2seqviewcontrols.cpp" line="-54"/>
        <source>source tokens</source>
        <translation>源词元</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Changing it starts a new model at step 0.</source>
        <translation>修改它会从第 0 步开始一个新模型。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>reverse</source>
        <translation>反转</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dates</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reverse: L random symbols, written backwards (the alignment is the anti-diagonal). Dates: “3 March 2021” → “2021-03-03” (year first, day last: the alignment crosses itself). %1</source>
        <translation>反转：L 个随机符号倒着写（对齐是反对角线）。日期：“3 March 2021” → “2021-03-03”（年在前，日在后：对齐会交叉）。%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>additive (Bahdanau)</source>
        <translation>加性（Bahdanau）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dot (Luong)</source>
        <translation>点积（Luong）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>general (Luong)</source>
        <translation>一般式（Luong）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How the decoder state scores each encoder state h_j. Additive: v_aᵀ tanh(W_a s_{t−1} + U_a h_j), asked before the step; dot: s_tᵀ h_j; general: s_tᵀ W_a h_j, asked after the step. %1</source>
        <translation>解码器状态如何给每个编码器状态 h_j 打分。加性：v_aᵀ tanh(W_a s_{t−1} + U_a h_j)，在这一步之前提问；点积：s_tᵀ h_j；一般式：s_tᵀ W_a h_j，在这一步之后提问。%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Local-p attention (Luong): the step predicts a source position p_t and looks only within ±D of it, weighted by a Gaussian of σ = D/2. 0: global attention, every source position. %1</source>
        <translation>局部-p 注意力（Luong）：这一步预测一个源位置 p_t，只看它 ±D 以内的位置，并乘上 σ = D/2 的高斯权重。0：全局注意力，看每一个源位置。%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>global</source>
        <translation>全局</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>±</source>
        <translation>±</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Bidirectional</source>
        <translation>双向(&amp;B)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A second GRU reads the source right to left; each encoder state is both directions&apos; states side by side (Bahdanau et al. 2015, §3.2). %1</source>
        <translation>第二个 GRU 从右往左读源句；每个编码器状态是两个方向的状态并排拼接（Bahdanau 等 2015，§3.2）。%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;No attention</source>
        <translation>无注意力(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The baseline: the decoder sees only the encoder&apos;s last state, the whole source squeezed into one vector. %1</source>
        <translation>基线：解码器只看到编码器的最后一个状态，整个源句被压缩进一个向量。%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reverse: tokens per sequence (dates have their own lengths). %1</source>
        <translation>反转：每个序列的词元数（日期有自己的长度）。%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed of the initial weights and of the data. %1</source>
        <translation>初始权重和数据的随机种子。%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training steps of a run (batches of 32); also the steps of each run of Compare and of the accuracy against length. %1</source>
        <translation>一次运行的训练步数（每批 32 个）；也是“比较”和“准确率与长度”中每次运行的步数。%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>R&amp;eset</source>
        <translation>重置(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to step 0: the seed&apos;s initial weights</source>
        <translation>回到第 0 步：该种子的初始权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cance&amp;l</source>
        <translation>取消(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop the training run, the comparison or the sweep after its current step</source>
        <translation>在当前步骤结束后停止训练、比较或长度测量</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Which held-out example&apos;s alignment is drawn (the probes are never trained on)</source>
        <translation>画出哪个留出样例的对齐（这些样例从不参与训练）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go back to a logged step and see the alignment as it was</source>
        <translation>回到一个记录过的步骤，看当时的对齐</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The decoder step to open (click a row of the map to choose it)</source>
        <translation>要打开的解码器步骤（点击图中的一行来选择）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open this step</source>
        <translation>打开这一步(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This decoder step&apos;s query (its state) against the encoder states (keys = values), with the model&apos;s own score, becomes the scenario of the Q/K/V editor (undo brings the previous one back)</source>
        <translation>这一解码器步骤的查询（它的状态）对编码器状态（键 = 值），用模型自己的分数，成为 Q/K/V 编辑器的场景（撤销可恢复之前的场景）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Loss and held-out accuracy</source>
        <translation>损失与留出集准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training step</source>
        <translation>训练步数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>loss (nats)</source>
        <translation>损失（奈特）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>additive · dot · general</source>
        <translation>加性 · 点积 · 一般式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>global · local-p</source>
        <translation>全局 · 局部-p</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What to train side by side, each on the same task, length, seed and steps</source>
        <translation>要并排训练的内容，每一个都用相同的任务、长度、种子和步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Co&amp;mpare</source>
        <translation>比较(&amp;M)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Train each run from step 0 on a thread of its own and show the final alignments of the first example side by side</source>
        <translation>在独立的线程上从第 0 步开始训练每一次运行，并把第一个样例的最终对齐并排显示</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Measure</source>
        <translation>测量(&amp;M)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train the reversal at lengths 6, 12, 18 and 24 with the page&apos;s model and without attention, on the same data and seed, and plot the greedy accuracy</source>
        <translation>在长度 6、12、18 和 24 上，用本页的模型和无注意力的模型训练反转任务，数据和种子相同，并画出贪心准确率</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Accuracy against sequence length</source>
        <translation>准确率与序列长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>length L</source>
        <translation>长度 L</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>greedy accuracy (held out)</source>
        <translation>贪心准确率（留出集）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Tas&amp;k</source>
        <translation>任务(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sc&amp;ore</source>
        <translation>分数(&amp;O)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Local-&amp;p D</source>
        <translation>局部-p D(&amp;P)</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Len&amp;gth</source>
        <translation>长度(&amp;G)</translation>
    </message>
    <message>
        <location line="-142"/>
        <source>decoder steps</source>
        <translation>解码器步骤</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>See&amp;d</source>
        <translation>种子(&amp;D)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Step&amp;s</source>
        <translation>步数(&amp;S)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>E&amp;xample</source>
        <translation>样例(&amp;X)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Decoder st&amp;ep</source>
        <translation>解码器步骤(&amp;E)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Training curves, the comparison, or accuracy against length</source>
        <translation>训练曲线、比较，或准确率与长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;urves</source>
        <translation>曲线(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compare sc&amp;ores</source>
        <translation>比较打分函数(&amp;O)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accuracy vs &amp;length</source>
        <translation>准确率与长度(&amp;L)</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../ui/shell/shortcutsdialog.cpp" line="+40"/>
        <location line="+3"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Menu</source>
        <translation>菜单</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Heatmaps, grids and the sentence arcs</source>
        <translation>热图、网格与句子弧线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move between cells</source>
        <translation>在单元格之间移动</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Arrow keys</source>
        <translation>方向键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First or last key of the row</source>
        <translation>本行的第一个或最后一个键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Home, End</source>
        <translation>Home、End</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>First or last cell</source>
        <translation>第一个或最后一个单元格</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ctrl+Home, Ctrl+End</source>
        <translation>Ctrl+Home、Ctrl+End</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select the query of the cell (mask editor: mask or unmask the cell)</source>
        <translation>选中该单元格的查询（掩码编辑器中：屏蔽或取消屏蔽该单元格）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mask editor</source>
        <translation>掩码编辑器</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mask or unmask the cell</source>
        <translation>屏蔽或取消屏蔽该单元格</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <location line="+2"/>
        <source>Space</source>
        <translation>空格</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Training lab</source>
        <translation>训练实验室</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play or pause (when the focused control has no use for it)</source>
        <translation>播放或暂停（当获得焦点的控件不使用该键时）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RNN encoder–decoder</source>
        <translation>RNN 编码器–解码器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train or pause (when the focused control has no use for it)</source>
        <translation>训练或暂停（当获得焦点的控件不使用该键时）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Next or previous control</source>
        <translation>下一个或上一个控件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tab, Shift+Tab</source>
        <translation>Tab、Shift+Tab</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leave figure only (View → Figure only)</source>
        <translation>退出仅显示图（视图 → 仅显示图）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Esc, F11</source>
        <translation>Esc、F11</translation>
    </message>
</context>
<context>
    <name>TensorActions</name>
    <message>
        <location filename="../ui/shell/tensoractions.cpp" line="+28"/>
        <source>Sa&amp;ve scenario as…</source>
        <translation>场景另存为(&amp;V)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the current scenario (Q, K, V, masks, settings) to a JSON file</source>
        <translation>将当前场景（Q、K、V、掩码、设置）写入 JSON 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Import matrix from CSV…</source>
        <translation>从 CSV 导入矩阵(&amp;I)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replace Q, K, V or S by the numbers of a CSV file of the same shape</source>
        <translation>用同样形状的 CSV 文件中的数字替换 Q、K、V 或 S</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E&amp;xport matrix as CSV…</source>
        <translation>将矩阵导出为 CSV(&amp;X)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write Q, K, V or S to a CSV file (exact numbers)</source>
        <translation>将 Q、K、V 或 S 写入 CSV 文件（精确数字）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Import matrix from CSV</source>
        <translation>从 CSV 导入矩阵</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Export matrix as CSV</source>
        <translation>将矩阵导出为 CSV</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Save scenario as</source>
        <translation>场景另存为</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenario files (*.json);;All files (*)</source>
        <translation>场景文件 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot save scenario</source>
        <translation>无法保存场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Saved the scenario to %1</source>
        <translation>已将场景保存到 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Q — queries</source>
        <translation>Q — 查询</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>K — keys</source>
        <translation>K — 键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>V — values</source>
        <translation>V — 值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>S — scores of the selected head</source>
        <translation>S — 所选头的分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Matrix:</source>
        <translation>矩阵：</translation>
    </message>
</context>
<context>
    <name>TensorImport</name>
    <message>
        <location filename="../ui/shell/tensorimport.cpp" line="+39"/>
        <source>Open &amp;tensors…</source>
        <translation>打开张量(&amp;T)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open the attention of a model saved as .npy, .npz or .safetensors (Q, K, V of one or many layers)</source>
        <translation>打开以 .npy、.npz 或 .safetensors 保存的模型注意力（一层或多层的 Q、K、V）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Export as &amp;Python…</source>
        <translation>导出为 Python(&amp;P)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Write the scenario as a NumPy script that recomputes every step and checks the app&apos;s weights and outputs to 1e-9</source>
        <translation>把场景写成 NumPy 脚本：逐步重算，并以 1e-9 的精度核对本程序的权重和输出</translation>
    </message>
    <message>
        <location line="+20"/>
        <location line="+5"/>
        <source>Cannot open tensors</source>
        <translation>无法打开张量</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>%1: out of memory reading the tensors</source>
        <translation>%1：读取张量时内存不足</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>From %1: %2 layers × %3 heads; layer 0 is shown here. View → Model shows every layer and head; click one to open it.</source>
        <translation>来自 %1：%2 层 × %3 个头；这里显示第 0 层。“视图 → 模型”显示每一层和每个头，点击其中一个即可打开。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>From %1: %2 query heads, %3 K/V heads.</source>
        <translation>来自 %1：%2 个查询头，%3 个 K/V 头。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: cannot be shown or computed</source>
        <translation>%1：无法显示或计算</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>The scenario has no current result to check: %1</source>
        <translation>该场景没有可供核对的当前结果：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Export as Python</source>
        <translation>导出为 Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Python scripts (*.py);;All files (*)</source>
        <translation>Python 脚本 (*.py);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot export as Python</source>
        <translation>无法导出为 Python</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1

%2</source>
        <translation>%1

%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Wrote %1: run it with python3 (NumPy) to check every number</source>
        <translation>已写入 %1：用 python3（NumPy）运行它即可核对每个数</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open tensors</source>
        <translation>打开张量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tensor files (*.safetensors *.npz *.npy);;All files (*)</source>
        <translation>张量文件 (*.safetensors *.npz *.npy);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>Text</name>
    <message>
        <location filename="../ui/workspace/autosavestore.cpp" line="+75"/>
        <source>it cannot be created</source>
        <translation>无法创建它</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>its lock file cannot be written</source>
        <translation>无法写入它的锁文件</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Autosave cannot write to %1: your changes are only in this window until you save them.</source>
        <translation>自动保存无法写入 %1：在您保存之前，您的更改只存在于此窗口中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Autosave cannot write to %1; it autosaves to %2 instead.</source>
        <translation>自动保存无法写入 %1；改为自动保存到 %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Autosave writes to %1 again.</source>
        <translation>自动保存重新写入 %1。</translation>
    </message>
</context>
<context>
    <name>TilingView</name>
    <message>
        <location filename="../ui/views/tiling/tilingview.cpp" line="+46"/>
        <source>B_r: query rows per tile</source>
        <translation>B_r：每块的查询行数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>B_c: key columns per tile</source>
        <translation>B_c：每块的键列数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>MHA</source>
        <translation>MHA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MQA</source>
        <translation>MQA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GQA</source>
        <translation>GQA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>num_kv_heads of the reference model (%1 query heads)</source>
        <translation>参考模型的 num_kv_heads（%1 个查询头）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>w: how many keys back one layer&apos;s window reaches</source>
        <translation>w：一层的窗口向后能到达多少个键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L: stacked windowed layers</source>
        <translation>L：堆叠的窗口层数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Tile B_r ×</source>
        <translation>分块 B_r ×</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>B_c</source>
        <translation>B_c</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>K/V heads</source>
        <translation>K/V 头</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reach panel: window w</source>
        <translation>到达范围面板：窗口 w</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>layers L</source>
        <translation>层数 L</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Tiled attention</source>
        <translation>分块注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nothing to show: %1</source>
        <translation>无可显示内容：%1</translation>
    </message>
    <message>
        <location line="+92"/>
        <source>Linear attention (this scenario&apos;s kernel) against softmax on the same Q, K, V</source>
        <translation>线性注意力（本场景的内核）与 softmax 在相同 Q、K、V 上的对比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FlashAttention-2 tiles (Dao 2023, Alg. 1): B_r × B_c = %1 × %2, tile %3 of %4</source>
        <translation>FlashAttention-2 分块（Dao 2023，算法 1）：B_r × B_c = %1 × %2，第 %3 块，共 %4 块</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>, head %1</source>
        <translation>，头 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Press Step to visit the first tile: a tiled kernel computes no logit before its tile is visited.</source>
        <translation>按“单步”访问第一个块：分块内核在访问某个块之前不计算其中的任何 logit。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keys not yet visited are missing: max |output so far − naive| = %1</source>
        <translation>尚未访问的键还未计入：max |目前的输出 − 朴素结果| = %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every tile visited: max |tiled − naive| = %1, the same output up to rounding</source>
        <translation>所有块均已访问：max |分块 − 朴素| = %1，在舍入误差内输出相同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 tiles</source>
        <translation>%2 个块中的 %1 个</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>the first token</source>
        <translation>第一个词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the last token</source>
        <translation>最后一个词元</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>query “%1”, key “%2”
logit %3%4
final weight %5</source>
        <translation>查询“%1”，键“%2”
logit %3%4
最终权重 %5</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (masked: skipped)</source>
        <translation>（已屏蔽：跳过）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>query “%1”
running max m = %2
running sum ℓ = %3
output so far [%4]
naive output [%5]</source>
        <translation>查询“%1”
运行最大值 m = %2
运行和 ℓ = %3
目前的输出 [%4]
朴素输出 [%5]</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>query “%1”, key “%2”
softmax weight %3
linear-attention weight %4</source>
        <translation>查询“%1”，键“%2”
softmax 权重 %3
线性注意力权重 %4</translation>
    </message>
</context>
<context>
    <name>TokenEffectPanel</name>
    <message>
        <location filename="../ui/views/train/tokeneffectpanel.cpp" line="+9"/>
        <source>One of the probe sentences the heads are scored on</source>
        <translation>用来给各头打分的探针句子之一</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The prediction measured: the model&apos;s next-token distribution at this position</source>
        <translation>被测量的预测：模型在这个位置上的下一词元分布</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>replace the token</source>
        <translation>替换该词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delete the token</source>
        <translation>删除该词元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replace: the token becomes a neutral one (coreference: &lt;pad&gt;; other tasks: a symbol that does not occur in the probe). Delete: the token is removed and the later ones move one position left.</source>
        <translation>替换：把该词元换成一个中性的词元（指代消解：&lt;pad&gt;；其他任务：探针中没有出现的一个符号）。删除：去掉该词元，其后的词元各向左移一个位置。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Rollout against the measured effect</source>
        <translation>Rollout 与测得的效应</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Se&amp;ntence</source>
        <translation>句子(&amp;N)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pred&amp;iction at</source>
        <translation>预测位置(&amp;I)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Chan&amp;ge</source>
        <translation>改动(&amp;G)</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+23"/>
        <location line="+186"/>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>Nothing trained yet: the first snapshot appears once the model is built.</source>
        <translation>还没有训练：模型建好后会出现第一个快照。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Not measured: %1</source>
        <translation>未测量：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Step %1 · prediction at %2 (position %3): %4, p = %5</source>
        <translation>第 %1 步 · 在 %2（位置 %3）处的预测：%4，p = %5</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Measured: how far the prediction moves when the token is deleted</source>
        <translation>测得：删除该词元时预测移动了多远</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Measured: how far the prediction moves when the token becomes %1</source>
        <translation>测得：该词元变成 %1 时预测移动了多远</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Not measured: every symbol occurs in the probe, none is neutral</source>
        <translation>未测量：每个符号都在探针中出现过，没有中性的符号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undefined (one token: no pair to compare)</source>
        <translation>无定义（只有一个词元：没有可比较的对）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undefined (every pair tied)</source>
        <translation>无定义（每一对都持平）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rollout reads the weights only and counts each layer&apos;s residual connection as half of what flows. The effect is measured: the token is changed, the model runs again, and the bar is the total variation distance between the two next-token distributions (0: unchanged, 1: nothing in common).</source>
        <translation>Rollout 只读取权重，并把每层的残差连接算作流过的一半。效应是测出来的：改动该词元，让模型重新运行，柱子的高度是两个下一词元分布之间的总变差距离（0：没有变化，1：毫无共同之处）。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>≠ marks the %n token(s) in a pair that the two rank in opposite order (differences under %1 count as ties). Goodman–Kruskal γ = %2 (1: the same order, −1: reversed).</source>
        <translation>
            <numerusform>≠ 标出了 %n 个词元：它们所在的某一对被两者排成了相反的顺序（差小于 %1 算作持平）。Goodman–Kruskal γ = %2（1：顺序相同，−1：完全相反）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 (position %2)
rollout R(%3, %2) = %4</source>
        <translation>%1（位置 %2）
rollout R(%3, %2) = %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>
replaced by %1: distance %2, p(%3) %4 → %5, prediction %6</source>
        <translation>
换成 %1：距离 %2，p(%3) %4 → %5，预测为 %6</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>
deleted: not measured (it is the token the prediction is made at)</source>
        <translation>
删除：未测量（预测正是在这个词元处做出的）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
deleted: distance %1, p(%2) %3 → %4, prediction %5</source>
        <translation>
删除：距离 %1，p(%2) %3 → %4，预测为 %5</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>
≠ rollout and the measured effect rank it in opposite order against another token</source>
        <translation>
≠ rollout 和测得的效应把它与另一个词元排成了相反的顺序</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>position · token</source>
        <translation>位置 · 词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rollout R(t, j)</source>
        <translation>rollout R(t, j)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>replaced: distance</source>
        <translation>替换：距离</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>replaced: p(prediction)</source>
        <translation>替换：p(预测)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>replaced: new prediction</source>
        <translation>替换：新的预测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted: distance</source>
        <translation>删除：距离</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>deleted: p(prediction)</source>
        <translation>删除：p(预测)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted: new prediction</source>
        <translation>删除：新的预测</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>ranks disagree</source>
        <translation>排序不一致</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>≠</source>
        <translation>≠</translation>
    </message>
</context>
<context>
    <name>TraceWorker</name>
    <message>
        <location filename="../ui/document/traceworker.cpp" line="+55"/>
        <source>cannot compute attention: %1</source>
        <translation>无法计算注意力：%1</translation>
    </message>
</context>
<context>
    <name>TrainView</name>
    <message>
        <location filename="../ui/views/train/trainview.cpp" line="+154"/>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../ui/views/train/trainviewcontrols.cpp" line="+62"/>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop after the current step (Space)</source>
        <translation>当前步骤结束后停止（空格键）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../ui/views/train/trainviewcontrols.cpp" line="+1"/>
        <source>Train up to the last step on a thread of its own (Space)</source>
        <translation>在独立线程上训练到最后一步（空格键）</translation>
    </message>
    <message>
        <location line="+109"/>
        <source>train loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>train accuracy</source>
        <translation>训练准确率</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>held-out loss</source>
        <translation>留出集损失</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>held-out accuracy</source>
        <translation>留出集准确率</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>L%1 H%2</source>
        <translation>L%1 H%2</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Heads on the probe at step %1</source>
        <translation>第 %1 步时各个头在探测序列上的权重</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>step %1 / %2</source>
        <translation>第 %1 / %2 步</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Refused: %1</source>
        <translation>已拒绝：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 steps/s</source>
        <translation>%1 步/秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>held-out loss %1, accuracy %2</source>
        <translation>留出集损失 %1，准确率 %2</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Layer %1, head %2 of a trained %3 model at step %4 (seed %5)</source>
        <translation>训练好的%3模型第 %1 层头 %2，第 %4 步（种子 %5）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot open this head: %1</source>
        <translation>无法打开这个头：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open layer %1, head %2 at step %3</source>
        <translation>打开第 %1 层头 %2（第 %3 步）</translation>
    </message>
    <message>
        <location filename="../ui/views/train/trainviewcontrols.cpp" line="-24"/>
        <location line="+35"/>
        <source>induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <location line="-34"/>
        <location line="+34"/>
        <source>previous token</source>
        <translation>前一个词元</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reverse</source>
        <translation>反转</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>coreference</source>
        <translation>指代消解</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the model learns to predict. Induction: random tokens whose second half repeats the first; coreference: “Xiaohong told Ming that she …” → the name.</source>
        <translation>模型要学会预测什么。归纳：后半段重复前半段的随机词元；指代消解：“Xiaohong told Ming that she …” → 那个名字。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Changing it starts a new model at step 0.</source>
        <translation>修改它会从第 0 步开始一个新模型。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Seed of the initial weights and of the data. %1</source>
        <translation>初始权重和数据的随机种子。%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layers of attention. %1</source>
        <translation>注意力层数。%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Heads per layer (head_dim = d_model / heads). %1</source>
        <translation>每层的头数（head_dim = d_model / 头数）。%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Width of the residual stream. %1</source>
        <translation>残差流的宽度。%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>AdamW learning rate (cosine decay to a tenth by the last step). %1</source>
        <translation>AdamW 学习率（余弦衰减，到最后一步降到十分之一）。%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Steps of the run; Play trains up to here. %1</source>
        <translation>本次训练的步数；“播放”训练到这里。%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>One s&amp;tep</source>
        <translation>单步(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take one training step</source>
        <translation>训练一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R&amp;eset</source>
        <translation>重置(&amp;E)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to step 0: the seed&apos;s initial weights</source>
        <translation>回到第 0 步：该种子的初始权重</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>duplicate token</source>
        <translation>重复词元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>first token</source>
        <translation>首个词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>target token</source>
        <translation>目标词元</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Head-role score drawn over the steps and written under each head. Induction: mean weight on the token after the earlier occurrence of the current token; previous token: mean weight on i − 1; duplicate: on earlier copies of the current token; first: on position 0; target: on the token to predict; entropy in nats.</source>
        <translation>随训练步数绘制、并写在每个头下方的头角色得分。归纳：当前词元先前出现位置之后那个词元上的平均权重；前一个词元：位置 i − 1 上的平均权重；重复：当前词元先前副本上的权重；首个：位置 0 上的权重；目标：要预测的词元上的权重；熵以奈特为单位。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Go back to a recorded step and see the heads as they were</source>
        <translation>回到某个记录下来的步骤，查看当时的各个头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Open this head</source>
        <translation>打开这个头(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The probe&apos;s residual stream at this layer and the selected head&apos;s W_q, W_k, W_v, W_o become the scenario of the Q/K/V editor (undo brings the previous one back)</source>
        <translation>探测序列在这一层的残差流和所选头的 W_q、W_k、W_v、W_o 成为 Q/K/V 编辑器的场景（撤销可恢复之前的场景）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Tas&amp;k</source>
        <translation>任务(&amp;K)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>See&amp;d</source>
        <translation>种子(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Layers</source>
        <translation>层数(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Heads</source>
        <translation>头数(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>d_&amp;model</source>
        <translation>d_model(&amp;M)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Learning &amp;rate</source>
        <translation>学习率(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step&amp;s</source>
        <translation>步数(&amp;S)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Training curves, or rollout against the measured effect</source>
        <translation>训练曲线，或 rollout 与测得的效应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>C&amp;urves</source>
        <translation>曲线(&amp;U)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rollout vs effe&amp;ct</source>
        <translation>Rollout 与效应(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>For one prediction of the shown snapshot: each token&apos;s attention rollout beside the measured change when the token is replaced or deleted</source>
        <translation>针对所示快照的一个预测：每个词元的注意力 rollout，旁边是替换或删除该词元时测得的变化</translation>
    </message>
</context>
<context>
    <name>TrainingPlot</name>
    <message>
        <location filename="../ui/plots/trainingplot.cpp" line="+73"/>
        <source>Loss and accuracy</source>
        <translation>损失与准确率</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>training step</source>
        <translation>训练步数</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>loss (nats)</source>
        <translation>损失（奈特）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>score</source>
        <translation>得分</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>accuracy</source>
        <translation>准确率</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>train loss</source>
        <translation>训练损失</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>held-out loss</source>
        <translation>留出集损失</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>train accuracy</source>
        <translation>训练准确率</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>held-out accuracy</source>
        <translation>留出集准确率</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1 score of each head (colour: head; line: layer)</source>
        <translation>每个头的%1得分（颜色：头；线型：层）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 at step %2: %3</source>
        <translation>%1，第 %2 步：%3</translation>
    </message>
</context>
<context>
    <name>WorkspaceController</name>
    <message>
        <location filename="../ui/workspace/workspacecontroller.cpp" line="+39"/>
        <source>Attention Lab workspaces (*.attnlab);;All files (*)</source>
        <translation>注意力实验室工作区 (*.attnlab);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Open &amp;workspace…</source>
        <translation>打开工作区(&amp;W)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open a saved workspace (.attnlab): scenario, lesson step, view and settings</source>
        <translation>打开已保存的工作区（.attnlab）：场景、课程步骤、视图和设置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save workspace</source>
        <translation>保存工作区(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save the scenario, the lesson step, the view and the display settings</source>
        <translation>保存场景、课程步骤、视图和显示设置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save workspace &amp;as…</source>
        <translation>工作区另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Save the workspace to a new file</source>
        <translation>将工作区保存到新文件</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+266"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <location line="-265"/>
        <source>%1[*] — Attention Lab</source>
        <translation>%1[*] — 注意力实验室</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The window cannot show the workspace&apos;s scenario: %1</source>
        <translation>窗口无法显示该工作区的场景：%1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The workspace&apos;s scenario cannot be computed: %1</source>
        <translation>工作区的场景无法计算：%1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The workspace&apos;s lesson “%1” is not among the lessons of %2.</source>
        <translation>工作区的课程“%1”不在 %2 的课程中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Attention Lab</source>
        <translation>注意力实验室</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Lesson “%1” has %2 steps; the workspace names step %3.</source>
        <translation>课程“%1”有 %2 步；工作区指定的是第 %3 步。</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot open workspace</source>
        <translation>无法打开工作区</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot save workspace</source>
        <translation>无法保存工作区</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Workspace not found</source>
        <translation>未找到工作区</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 no longer exists; it was removed from the recent list.</source>
        <translation>%1 已不存在；已将其从最近列表中移除。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&amp;%1 %2</source>
        <translation>&amp;%1 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Cannot recover the autosave %1: %2</source>
        <translation>无法恢复自动保存 %1：%2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Recovered the unsaved work of a window that did not close (autosaved %1): save it, or discard it when you quit.</source>
        <translation>已恢复一个未正常关闭的窗口中未保存的工作（自动保存于 %1）：请保存它，或在退出时放弃它。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Save workspace</source>
        <translation>保存工作区</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Save your workspace?</source>
        <translation>保存你的工作区吗？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The workspace “%1” has unsaved changes.</source>
        <translation>工作区“%1”有未保存的更改。</translation>
    </message>
</context>
<context>
    <name>attn::lessons</name>
    <message>
        <location filename="../ui/lessons/lessoncheck.cpp" line="+30"/>
        <source> (head %1)</source>
        <translation>（头 %1）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>head %1 does not exist (the scenario has %2)</source>
        <translation>头 %1 不存在（场景中有 %2 个）</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+74"/>
        <location line="+59"/>
        <source>query %1 is no longer in the scenario</source>
        <translation>查询 %1 已不在场景中</translation>
    </message>
    <message>
        <location line="-126"/>
        <source>key %1 is no longer in the scenario</source>
        <translation>键 %1 已不在场景中</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>needs &gt; %1</source>
        <translation>需要 &gt; %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>needs &lt; %1</source>
        <translation>需要 &lt; %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>needs %1 ± %2</source>
        <translation>需要 %1 ± %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>weight of “%1” on “%2”%3 = %4 (%5)</source>
        <translation>“%1”对“%2”的权重%3 = %4（%5）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>every weight of “%1” is NaN</source>
        <translation>“%1”的所有权重都是 NaN</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a tie at %1</source>
        <translation>在 %1 处并列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“%1” (%2)</source>
        <translation>“%1”（%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>largest weight of “%1”%2: %3; wanted “%4” alone on top</source>
        <translation>“%1”%2 的最大权重：%3；要求“%4”单独位居第一</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>head %1 does not exist</source>
        <translation>头 %1 不存在</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the output has %1 entries, the target %2</source>
        <translation>输出有 %1 个分量，目标有 %2 个</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>output of “%1”%2 = %3 (needs %4 ± %5)</source>
        <translation>“%1”%2 的输出 = %3（需要 %4 ± %5）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 = %2 (needs %3)</source>
        <translation>%1 = %2（需要 %3）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source> or </source>
        <translation> 或 </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>query shown: “%1”</source>
        <translation>显示的查询：“%1”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (wanted “%2”)</source>
        <translation>%1（要求“%2”）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the view does not show “%1” now</source>
        <translation>视图现在没有显示“%1”</translation>
    </message>
    <message>
        <location line="+68"/>
        <source>– keep: %1</source>
        <translation>– 保持：%1</translation>
    </message>
    <message>
        <location line="-98"/>
        <location line="+59"/>
        <source>%1 (needs %2)</source>
        <translation>%1（需要 %2）</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>nothing computed yet</source>
        <translation>尚未计算任何内容</translation>
    </message>
    <message>
        <location filename="../ui/lessons/lessonstage.cpp" line="+37"/>
        <source>Locked in this step of the lesson</source>
        <translation>在本课的此步骤中已锁定</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 is locked in this step of the lesson: the step asks you to read it, or to use the view&apos;s own controls.</source>
        <translation>%1 在本课的这一步中被锁定：这一步要你阅读它，或者使用视图自己的控件。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is locked in this step of the lesson; you may edit %2.</source>
        <translation>%1 在本课的这一步中被锁定；你可以编辑 %2。</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <location filename="../ui/lessons/prediction.cpp" line="+52"/>
        <source>Every weight of this query is NaN: nothing to compare with.</source>
        <translation>此查询的每个权重都是 NaN：没有可比较的对象。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>“%1” wins: its weight from “%2” is %3.</source>
        <translation>“%1”胜出：“%2”给它的权重是 %3。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Right (score 1).</source>
        <translation>答对了（得分 1）。</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Not this time (score 0).</source>
        <translation>这次没答对（得分 0）。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The key you picked, “%1”, is no longer in the scenario.</source>
        <translation>你选的键“%1”已不在场景中。</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+107"/>
        <source>The mask hides “%1” from “%2”: its weight is 0 whatever its score.</source>
        <translation>掩码对“%2”隐藏了“%1”：无论分数多少，它的权重都是 0。</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>It is the only key this query can see, so it takes all the weight.</source>
        <translation>它是这个查询唯一能看到的键，所以得到全部权重。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The runner-up “%1” has %2: its logit is %3 lower, and softmax turns that into e^−%3 = %4 times the winner&apos;s weight.</source>
        <translation>第二名“%1”得到 %2：它的 logit 低 %3，softmax 把这个差距变成胜者权重的 e^−%3 = %4 倍。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>“%1” gets %2: its logit is %3 below that of “%4”, so softmax gives it e^−%3 = %5 times the winner&apos;s weight.</source>
        <translation>“%1”得到 %2：它的 logit 比“%4”低 %3，softmax 把这个差距变成胜者权重的 e^−%3 = %5 倍。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>The weights of “%1”: [%2].</source>
        <translation>“%1”的权重：[%2]。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Your bars were for %1 keys; the scenario has %2 now.</source>
        <translation>你的条形对应 %1 个键；场景现在有 %2 个。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>score = 1 − mean |Δ| = 1 − %1 / %2 = %3</source>
        <translation>得分 = 1 − 平均 |Δ| = 1 − %1 / %2 = %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close everywhere: no bar is off by more than %1.</source>
        <translation>处处都很接近：没有哪个条形偏差超过 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The largest gap is at “%1”: you gave it %2, but the mask hides it from this query (0).</source>
        <translation>最大的差距在“%1”：你给了它 %2，但掩码对这个查询隐藏了它（0）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The largest gap is at “%1”: you gave it %2, attention gives it %3.</source>
        <translation>最大的差距在“%1”：你给了它 %2，注意力给它 %3。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The output has no column %1 now.</source>
        <translation>输出现在没有第 %1 列。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Entry %1 of the output of “%2” is %3.</source>
        <translation>“%2”的输出的第 %1 个分量是 %3。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The output mixes the values with the weights (Σ_j w_j · v_j); the largest weight, %1, is on “%2”, so its value counts most.</source>
        <translation>输出用权重混合各个值（Σ_j w_j · v_j）；最大的权重 %1 在“%2”上，所以它的值作用最大。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The key %1 is no longer in the scenario.</source>
        <translation>键 %1 已不在场景中。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The weight of “%1” on “%2” is %3.</source>
        <translation>“%1”对“%2”的权重是 %3。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>softmax gives it e^(logit − max) / Σ = %1 / %2 = %3 (its logit %4, the row&apos;s largest %5).</source>
        <translation>softmax 给它 e^(logit − max) / Σ = %1 / %2 = %3（它的 logit 为 %4，该行最大的为 %5）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>off by |%1 − %2| = %3</source>
        <translation>偏差 |%1 − %2| = %3</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>The query %1 is no longer in the scenario.</source>
        <translation>查询 %1 已不在场景中。</translation>
    </message>
    <message>
        <location filename="../ui/lessons/checkwords.cpp" line="+191"/>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <location line="+18"/>
        <location line="+9"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>head %1</source>
        <translation>头 %1</translation>
    </message>
</context>
<context>
    <name>attn::lessons::check</name>
    <message>
        <location line="-201"/>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position i</source>
        <translation>位置 i</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>position j</source>
        <translation>位置 j</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RNN steps from i to j</source>
        <translation>从 i 到 j 的 RNN 步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attention layers from i to j</source>
        <translation>从 i 到 j 的注意力层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>animation step</source>
        <translation>动画步骤</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RNN sequential steps</source>
        <translation>RNN 的顺序步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attention sequential steps</source>
        <translation>注意力的顺序步数</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+32"/>
        <source>K/V heads</source>
        <translation>K/V 头</translation>
    </message>
    <message>
        <location line="-31"/>
        <source>head shown</source>
        <translation>显示的头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>position encoding</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RoPE base</source>
        <translation>RoPE 基数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rotating features (rotary_dim)</source>
        <translation>旋转的特征数（rotary_dim）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ALiBi slope</source>
        <translation>ALiBi 斜率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>change of the output with the keys reversed</source>
        <translation>键顺序反转后输出的变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>key of the curve</source>
        <translation>曲线所用的键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>head_dim</source>
        <translation>head_dim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>query heads</source>
        <translation>查询头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bytes per element</source>
        <translation>每个元素的字节数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pairs</source>
        <translation>配对数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>FLOP</source>
        <translation>FLOP</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>naive score bytes</source>
        <translation>朴素分数矩阵的字节数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>KV-cache bytes</source>
        <translation>KV 缓存的字节数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pairs at 2n ÷ pairs at n</source>
        <translation>2n 时的配对数 ÷ n 时的配对数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>score bytes at 2n ÷ score bytes at n</source>
        <translation>2n 时的分数字节数 ÷ n 时的分数字节数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV cache at 2n ÷ KV cache at n</source>
        <translation>2n 时的 KV 缓存 ÷ n 时的 KV 缓存</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tiles visited</source>
        <translation>已访问的块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tiles in all</source>
        <translation>块的总数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tile rows B_r</source>
        <translation>块的行数 B_r</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tile columns B_c</source>
        <translation>块的列数 B_c</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>largest difference from the naive output</source>
        <translation>与朴素输出的最大差异</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV cache, MHA ÷ this</source>
        <translation>KV 缓存：MHA ÷ 当前</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the last token hears t1</source>
        <translation>最后一个词元能听到 t1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>runs done</source>
        <translation>已完成的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>results</source>
        <translation>结果数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>running</source>
        <translation>正在运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>checklist lines filled</source>
        <translation>清单中已填写的行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>checklist complete</source>
        <translation>清单已填完</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>needle check&apos;s kernel</source>
        <translation>针检查所用的内核</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keys the last query can see</source>
        <translation>最后一个查询能看到的键数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>depths where the needle is found</source>
        <translation>找到针的深度数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>key chosen</source>
        <translation>选中的键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>intervention</source>
        <translation>干预</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deleted key</source>
        <translation>被删除的键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>change of the output ‖Δo‖</source>
        <translation>输出的变化 ‖Δo‖</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight of the key</source>
        <translation>该键的权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>weight after the intervention</source>
        <translation>干预后的权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keys ranked differently by weight and by effect</source>
        <translation>按权重和按效果排名不同的键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>discordant pairs</source>
        <translation>不一致的配对</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rank agreement γ</source>
        <translation>排名一致度 γ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>baseline compared</source>
        <translation>比较的基线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>convolution width</source>
        <translation>卷积宽度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>causal convolution</source>
        <translation>因果卷积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RNN seed</source>
        <translation>RNN 种子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>largest difference from attention&apos;s output</source>
        <translation>与注意力输出的最大差异</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>convolution&apos;s weight of the last token on the first</source>
        <translation>卷积中最后一个词元对第一个词元的权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>attention&apos;s weight of the last token on the first</source>
        <translation>注意力中最后一个词元对第一个词元的权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rows attention changed</source>
        <translation>注意力改变的行数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rows mean pooling changed</source>
        <translation>平均池化改变的行数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rows the convolution changed</source>
        <translation>卷积改变的行数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rows the RNN changed</source>
        <translation>RNN 改变的行数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>layer shown</source>
        <translation>显示的层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>training step</source>
        <translation>训练步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>steps to train</source>
        <translation>要训练的步数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>training task</source>
        <translation>训练任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heads</source>
        <translation>头数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>held-out loss</source>
        <translation>留出集损失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>held-out accuracy</source>
        <translation>留出集准确率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>best induction score in layer 1</source>
        <translation>第 1 层最高的归纳分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>best previous-token score in layer 0</source>
        <translation>第 0 层最高的前一词元分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>best target-token score</source>
        <translation>最高的目标词元分数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>induction heads</source>
        <translation>归纳头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>snapshot shown</source>
        <translation>显示的快照</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heads opened</source>
        <translation>已打开的头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>score shown</source>
        <translation>显示的分数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>rollout vs effect shown</source>
        <translation>显示 rollout 与效应</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>change measured</source>
        <translation>测量的改动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sentence</source>
        <translation>句子</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sentence whose names share a gender</source>
        <translation>两个名字性别相同的句子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>prediction position</source>
        <translation>预测位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>snapshot measured</source>
        <translation>测量的快照</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tokens whose ranks disagree</source>
        <translation>排序不一致的词元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>agreement γ of rollout and effect</source>
        <translation>rollout 与效应的一致度 γ</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>position rollout ranks first</source>
        <translation>rollout 排第一的位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>position whose change moves the prediction most</source>
        <translation>改动后预测移动最多的位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>trained to the last step</source>
        <translation>已训练到最后一步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>translation task</source>
        <translation>翻译任务</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>score function</source>
        <translation>打分函数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>local-p half width D</source>
        <translation>局部-p 半宽 D</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bidirectional encoder</source>
        <translation>双向编码器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>held-out accuracy, fed its own outputs</source>
        <translation>以自己的输出为输入时的留出集准确率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>steps whose largest weight is on the reference token</source>
        <translation>最大权重落在参考词元上的步骤</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>steps whose largest weight is one after it</source>
        <translation>最大权重落在它后面一个位置上的步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>example shown</source>
        <translation>显示的样例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>decoder step chosen</source>
        <translation>选中的解码器步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>decoder steps opened</source>
        <translation>打开过的解码器步骤</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>runs compared</source>
        <translation>比较过的运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lengths measured with and without attention</source>
        <translation>有无注意力都测量过的长度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>accuracy gained by attention at the longest length</source>
        <translation>最长长度上注意力带来的准确率提升</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tab shown</source>
        <translation>显示的标签页</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none yet</source>
        <translation>尚未选择</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+34"/>
        <source>delete the token</source>
        <translation>删除该词元</translation>
    </message>
    <message>
        <location line="-33"/>
        <source>zero its value</source>
        <translation>把它的值置零</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>zero its key</source>
        <translation>把它的键置零</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duplicate it</source>
        <translation>复制它</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>mean pooling</source>
        <translation>平均池化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>local convolution</source>
        <translation>局部卷积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recurrence (Elman RNN)</source>
        <translation>循环网络（Elman RNN）</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+6"/>
        <source>induction</source>
        <translation>归纳</translation>
    </message>
    <message>
        <location line="-5"/>
        <location line="+6"/>
        <source>previous token</source>
        <translation>前一个词元</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>reverse</source>
        <translation>反转</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>coreference</source>
        <translation>指代消解</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>duplicate token</source>
        <translation>重复词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>first token</source>
        <translation>首个词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>target token</source>
        <translation>目标词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>entropy</source>
        <translation>熵</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>replace the token</source>
        <translation>替换该词元</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>dates</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>additive</source>
        <translation>加性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dot</source>
        <translation>点积</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>general</source>
        <translation>一般式</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>global</source>
        <translation>全局</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>curves</source>
        <translation>曲线</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compare scores</source>
        <translation>比较打分函数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>accuracy against length</source>
        <translation>准确率与长度</translation>
    </message>
</context>
<context>
    <name>attn::ui</name>
    <message>
        <location filename="../ui/bench/benchplan.cpp" line="+118"/>
        <source>“%1” is not a size: give whole numbers from 1 to %2 separated by commas, e.g. 256, 1024, 4k.</source>
        <translation>“%1”不是长度：请输入 1 到 %2 之间的整数，用逗号分隔，例如 256, 1024, 4k。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Give at least one size n, e.g. 256, 1024, 4096.</source>
        <translation>请至少给出一个长度 n，例如 256, 1024, 4096。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>, causal</source>
        <translation>，因果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, window %1</source>
        <translation>，窗口 %1</translation>
    </message>
    <message>
        <location filename="../ui/plots/figureexport.cpp" line="+31"/>
        <source>Worked example</source>
        <translation>演算示例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Xiaohong … she</source>
        <translation>小红 … 她（英文）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>小红 … 她</source>
        <translation>小红 … 她</translation>
    </message>
    <message>
        <location line="+71"/>
        <location filename="../ui/plots/plotexport.cpp" line="+147"/>
        <location filename="../ui/views/common/paintedexport.cpp" line="+37"/>
        <source>Unknown figure format “%1”: use png, svg or pdf.</source>
        <translation>未知的图格式“%1”：请使用 png、svg 或 pdf。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nothing to export: the scenario cannot be computed (%1)</source>
        <translation>没有可导出的内容：场景无法计算（%1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot create the folder %1.</source>
        <translation>无法创建文件夹 %1。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Attention weights A, head %1 (K/V head %2)</source>
        <translation>注意力权重 A，头 %1（K/V 头 %2）</translation>
    </message>
    <message>
        <location filename="../ui/plots/plotexport.cpp" line="-108"/>
        <source>Cannot write %1: the folder %2 does not exist.</source>
        <translation>无法写入 %1：文件夹 %2 不存在。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot write %1: check that the folder is writable and the disk is not full.</source>
        <translation>无法写入 %1：请检查文件夹是否可写，磁盘是否已满。</translation>
    </message>
    <message>
        <location line="+14"/>
        <location filename="../ui/views/common/paintedexport.cpp" line="+30"/>
        <source>Attention Lab figure</source>
        <translation>注意力实验室图</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../ui/views/common/paintedexport.cpp" line="+3"/>
        <source>Cannot start the SVG painter for %1.</source>
        <translation>无法为 %1 启动 SVG 绘制器。</translation>
    </message>
    <message>
        <location line="+8"/>
        <location filename="../ui/views/common/paintedexport.cpp" line="+20"/>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>a %1×%2 figure at %3 DPI would be %4×%5 pixels (%6 GiB in memory); the most is %7 million pixels, e.g. 16384×16384: lower the DPI or the size</source>
        <translation>%1×%2 的图在 %3 DPI 下将是 %4×%5 像素（内存中 %6 GiB）；最多 %7 百万像素，例如 16384×16384：请降低 DPI 或尺寸</translation>
    </message>
    <message>
        <location line="+40"/>
        <location filename="../ui/views/common/paintedexport.cpp" line="-49"/>
        <source>Invalid figure size %1×%2: both must be positive.</source>
        <translation>无效的图尺寸 %1×%2：两者都必须为正数。</translation>
    </message>
    <message>
        <location filename="../ui/views/qkv/editortext.cpp" line="+71"/>
        <source>%1 per head (%2 heads)</source>
        <translation>每个头 %1（%2 个头）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>S %1 (raw scores), V %2 → A %1, O %3×%4</source>
        <translation>S %1（原始分数），V %2 → A %1，O %3×%4</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Q %1, K %2, V %3 → A %4, O %5×%6</source>
        <translation>Q %1，K %2，V %3 → A %4，O %5×%6</translation>
    </message>
    <message>
        <location filename="../ui/views/mask/masktext.cpp" line="+35"/>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>window: left %1, right %2</source>
        <translation>窗口：左 %1，右 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>key_padding: %1 padded</source>
        <translation>key_padding：%1 个被填充</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>custom: %1 hidden cell(s)</source>
        <translation>自定义：%1 个隐藏单元格</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>alignment %1</source>
        <translation>对齐 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No mask: every query sees every key</source>
        <translation>无掩码：每个查询都看到每个键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mask: </source>
        <translation>掩码：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · a row with no visible key: “%1”</source>
        <translation> · 没有可见键的行：“%1”</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>sees no key · policy “zero”: weights 0, output 0</source>
        <translation>看不到任何键 · 策略“zero”：权重 0，输出 0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sees no key · policy “nan”: weights and output NaN</source>
        <translation>看不到任何键 · 策略“nan”：权重和输出为 NaN</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>sees no key · policy “uniform”: 1/n_k on every key, hidden ones too</source>
        <translation>看不到任何键 · 策略“uniform”：每个键 1/n_k，包括被隐藏的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>sees no key · policy “error”</source>
        <translation>看不到任何键 · 策略“error”</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>• causal: key position %1 &gt; query position %2, and not in the prefix (&lt; %3)</source>
        <translation>• 因果：键位置 %1 &gt; 查询位置 %2，且不在前缀中（&lt; %3）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>• causal: key position %1 &gt; query position %2</source>
        <translation>• 因果：键位置 %1 &gt; 查询位置 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>• window: key position %1 outside [%2 − %3, %2 + %4]</source>
        <translation>• 窗口：键位置 %1 在 [%2 − %3, %2 + %4] 之外</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>• key_padding: “%1” is a padding token</source>
        <translation>• key_padding：“%1”是填充词元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>• custom: a 0 in the visible matrix</source>
        <translation>• 自定义：可见矩阵中为 0</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>• document: the query is in document %1, the key in document %2</source>
        <translation>• 文档：查询在文档 %1 中，键在文档 %2 中</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Masked-token check could not run: %1</source>
        <translation>屏蔽词元检查无法运行：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Masked-token check: “%1” sees every key, so no hidden value to change.</source>
        <translation>屏蔽词元检查：“%1”看到每个键，因此没有可改变的隐藏值。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the key</source>
        <translation>该键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>the %1 keys</source>
        <translation>这 %1 个键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Masked-token check: changing V of %1 hidden from “%2” leaves its output unchanged — max |ΔO| = %3</source>
        <translation>屏蔽词元检查：改变对“%2”隐藏的 %1 的 V，其输出不变 — max |ΔO| = %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Masked-token check: changing V of %1 hidden from “%2” moves its output — max |ΔO| = %3 (policy “%4” mixes hidden values in)</source>
        <translation>屏蔽词元检查：改变对“%2”隐藏的 %1 的 V，其输出改变 — max |ΔO| = %3（策略“%4”混入了隐藏的值）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> (NaN before and after)</source>
        <translation>（前后均为 NaN）</translation>
    </message>
    <message>
        <location filename="../ui/views/common/paintedexport.cpp" line="+9"/>
        <source>The figure %1 is too large for memory.</source>
        <translation>图 %1 太大，内存放不下。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot encode %1 as PNG.</source>
        <translation>无法将 %1 编码为 PNG。</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Cannot start the PDF painter for %1.</source>
        <translation>无法为 %1 启动 PDF 绘制器。</translation>
    </message>
    <message>
        <location filename="../ui/views/measuring/reportchecklist.cpp" line="+58"/>
        <source>n (n_q = n_k)</source>
        <translation>n（n_q = n_k）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>heads q/kv</source>
        <translation>头数 q/kv</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 query : %2 K/V</source>
        <translation>%1 个查询 : %2 个 K/V</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>head_dim</source>
        <translation>head_dim</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../ui/views/model/modelfigure.cpp" line="+193"/>
        <source>%1 keys</source>
        <translation>%1 个键</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>none (every pair)</source>
        <translation>无（所有配对）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>dtype</source>
        <translation>数据类型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>memory (n %1)</source>
        <translation>内存（n %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>work %1; K/V %2</source>
        <translation>工作 %1；K/V %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>throughput (n %1)</source>
        <translation>吞吐量（n %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GFLOP/s
      = %2 tokens/s</source>
        <translation>%1 GFLOP/s
      = %2 词元/秒</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>median (n %1)</source>
        <translation>中位数（n %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>p95 (n %1)</source>
        <translation>p95（n %1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 ms (%2 runs)</source>
        <translation>%1 毫秒（%2 次运行）</translation>
    </message>
    <message>
        <location filename="../ui/views/qkv/tensorbuttons.cpp" line="+35"/>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add query</source>
        <translation>添加查询</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add key</source>
        <translation>添加键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a query (a row of zeros in Q)</source>
        <translation>添加一个查询（Q 中一行零）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a key (a row of zeros in both K and V)</source>
        <translation>添加一个键（K 和 V 中各一行零）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove query</source>
        <translation>删除查询</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Remove key</source>
        <translation>删除键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected query (or the last one) from Q</source>
        <translation>从 Q 中删除所选查询（或最后一个）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected key (or the last one) from K and V</source>
        <translation>从 K 和 V 中删除所选键（或最后一个）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add %1 column</source>
        <translation>添加 %1 列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a feature column to V (d_v grows by one)</source>
        <translation>给 V 添加一个特征列（d_v 加一）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add a feature column to both Q and K (d_k grows by one)</source>
        <translation>给 Q 和 K 都添加一个特征列（d_k 加一）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Remove %1 column</source>
        <translation>删除 %1 列</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected feature column (or the last one) from V</source>
        <translation>从 V 中删除所选特征列（或最后一列）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove the selected feature column (or the last one) from Q and K</source>
        <translation>从 Q 和 K 中删除所选特征列（或最后一列）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Cannot remove the last %1: attention needs at least one.</source>
        <translation>无法删除最后一个%1：注意力至少需要一个。</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+8"/>
        <source>This scenario gives raw scores instead of Q and K: there is no d_k to change.</source>
        <translation>本场景给出原始分数而不是 Q 和 K：没有可改变的 d_k。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cannot remove the last %1 column: %1 must be at least 1.</source>
        <translation>无法删除最后一个 %1 列：%1 至少为 1。</translation>
    </message>
    <message>
        <location filename="../ui/views/tiling/tilingdesigns.cpp" line="+75"/>
        <source>%1 reached</source>
        <translation>已到达%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 not reached yet</source>
        <translation>尚未到达%1</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>softmax weight</source>
        <translation>softmax 权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>linear-attention weight (φ = elu + 1)</source>
        <translation>线性注意力权重（φ = elu + 1）</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>Linear attention cannot run on this scenario: %1</source>
        <translation>线性注意力无法在本场景上运行：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Query “%1”, the same Q, K, V both ways. Largest output difference over every query: max |linear − softmax| = %2</source>
        <translation>查询“%1”，两种方式使用相同的 Q、K、V。所有查询上的最大输出差异：max |线性 − softmax| = %2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Tiling: both kernels do the same %1 FLOP, one multiply-add per feature of every visible query–key pair. Held at once in f32: the naive kernel&apos;s score matrix, %2 B; the tiled kernel&apos;s %3×%4 tile buffers (Q, K, V, scores, output), %5 B, plus m and ℓ per row, %6 B. At n = %7, head_dim %8, f16, %9×%9 tiles: %10 of scores against %11 for the whole tiled working set (output included).</source>
        <translation>分块：两种内核做相同的 %1 FLOP，对每个可见的查询–键配对的每个特征做一次乘加。以 f32 同时保存：朴素内核的分数矩阵 %2 B；分块内核的 %3×%4 块缓冲区（Q、K、V、分数、输出）%5 B，外加每行的 m 和 ℓ %6 B。当 n = %7，head_dim %8，f16，%9×%9 分块时：分数需 %10，而整个分块工作集（含输出）只需 %11。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Tiling: no scenario to tile.</source>
        <translation>分块：没有可分块的场景。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV cache: a reference model of %1 layers, %2 query heads of head_dim %3, f16, %4 tokens, with %5 K/V heads caches %6 (%7 bytes), %8 MHA&apos;s %9. The scores are still n² per query head.</source>
        <translation>KV 缓存：一个参考模型有 %1 层、%2 个 head_dim 为 %3 的查询头，f16，%4 个词元，使用 %5 个 K/V 头时缓存 %6（%7 字节），%8 MHA 的 %9。每个查询头的分数仍为 n² 个。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the same as</source>
        <translation>等于</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1/%1 of</source>
        <translation>为 1/%1 ×</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Window: with %1 key(s) back per layer and %2 layer(s), the last of %3 tokens (%4) reaches %5 position(s) back: %6.</source>
        <translation>窗口：每层向后 %1 个键、共 %2 层时，%3 个词元中的最后一个（%4）向后到达 %5 个位置：%6。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Linear attention: φ = elu + 1 on this same input gives outputs up to %1 away from softmax&apos;s (max |difference|): a different weighting, not the same function.</source>
        <translation>线性注意力：在同一输入上 φ = elu + 1 得到的输出与 softmax 的最多相差 %1（max |差|）：这是另一种加权，而不是同一个函数。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Linear attention: cannot run on this scenario: %1</source>
        <translation>线性注意力：无法在本场景上运行：%1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Tiling: less memory</source>
        <translation>分块：更少内存</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fewer K/V heads</source>
        <translation>更少的 K/V 头</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Window reach</source>
        <translation>窗口到达范围</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Linear attention</source>
        <translation>线性注意力</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>naive %1</source>
        <translation>朴素 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tiled %1</source>
        <translation>分块 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>n = %1, head_dim %2, f16, one head</source>
        <translation>n = %1，head_dim %2，f16，单个头</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Same FLOP either way: %1 for the logits above</source>
        <translation>两种方式 FLOP 相同：上述 logits 需 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>MHA</source>
        <translation>MHA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MQA</source>
        <translation>MQA</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GQA</source>
        <translation>GQA</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MHA %1: %2</source>
        <translation>MHA %1：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chosen, %1 %2: %3</source>
        <translation>所选，%1 %2：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MQA 1: %1</source>
        <translation>MQA 1：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 layers, %2 tokens, head_dim %3, f16</source>
        <translation>%1 层，%2 个词元，head_dim %3，f16</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>first</source>
        <translation>第一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last</source>
        <translation>最后一个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>w = %1, L = %2: the last token (%3) hears %4 back</source>
        <translation>w = %1，L = %2：最后一个词元（%3）向后能听到 %4</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>query “%1”: softmax (blue), linear (orange)</source>
        <translation>查询“%1”：softmax（蓝），线性（橙）</translation>
    </message>
    <message>
        <location filename="../ui/views/viewregistry.cpp" line="+43"/>
        <source>&amp;Sentence arcs</source>
        <translation>句子连线(&amp;S)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>√&amp;d saturation</source>
        <translation>√&amp;d 饱和</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scoring &amp;functions</source>
        <translation>打分函数(&amp;F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Mask editor</source>
        <translation>掩码编辑器(&amp;M)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;RNN vs attention paths</source>
        <translation>RNN 与注意力路径(&amp;R)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Multi-&amp;head attention</source>
        <translation>多头注意力(&amp;H)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>P&amp;osition: RoPE, ALiBi, window</source>
        <translation>位置(&amp;O)：RoPE、ALiBi、窗口</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The n² &amp;cost</source>
        <translation>n² 开销(&amp;C)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Tiling and efficient designs</source>
        <translation>分块与高效设计(&amp;T)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Measuring hon&amp;estly</source>
        <translation>诚实地测量(&amp;E)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Interventions</source>
        <translation>干预(&amp;I)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Baselines</source>
        <translation>基线(&amp;B)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Model: &amp;layers × heads</source>
        <translation>模型：层 × 头(&amp;L)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Trai&amp;ning lab</source>
        <translation>训练实验室(&amp;N)</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>RNN encoder–decoder: &amp;alignment</source>
        <translation>RNN 编码器–解码器：对齐(&amp;A)</translation>
    </message>
    <message>
        <location filename="../ui/views/model/modelfigure.cpp" line="-113"/>
        <source>Mean over heads: averages away what single heads do; a head that finds the referent can vanish among heads that look at the previous word.</source>
        <translation>各头平均：会把单个头的作用平均掉；一个找到指代对象的头，可能淹没在只看前一个词的那些头之中。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Per-layer maximum: the strongest head at each cell, so one sharp head hides how weak the others are, and neighbouring cells may come from different heads.</source>
        <translation>每层最大值：每个格子取最强的头，因此一个尖锐的头会掩盖其他头有多弱，相邻的格子也可能来自不同的头。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rollout (Abnar &amp; Zuidema 2020): assumes attention alone carries information between layers, half of it kept by the residual path, and all heads alike; it ignores the values, the MLPs and W_o, so it is an estimate of the flow, not a measurement.</source>
        <translation>注意力展开（Abnar &amp; Zuidema 2020）：假设层与层之间只靠注意力传递信息、残差通路保留一半、各头一视同仁；它忽略了值、MLP 和 W_o，所以只是对信息流的估计，而不是测量。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Model view: computing…</source>
        <translation>模型视图：正在计算…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1%2 layers × %3 heads, one colour scale 0 … %4 (largest weight); click a head to open it</source>
        <translation>%1%2 层 × %3 个头，统一色标 0 … %4（最大权重）；点击一个头即可打开</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>max</source>
        <translation>最大</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>layer %1</source>
        <translation>第 %1 层</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>0 … %1; thumbnails show each block&apos;s largest weight</source>
        <translation>0 … %1；缩略图显示每个区块的最大权重</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Layer %1, head %2: every query → key at once (line width = weight)</source>
        <translation>第 %1 层，第 %2 个头：同时画出每个查询 → 键（线宽 = 权重）</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 queries</source>
        <translation>%1 个查询</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>queries ← → keys; weights below %1 not drawn</source>
        <translation>查询 ← → 键；小于 %1 的权重不画</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Attention rollout over layers 0 … %1 (rows: positions at the top; columns: input tokens)</source>
        <translation>第 0 … %1 层的注意力展开（行：顶层的位置；列：输入词元）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No rollout: %1.</source>
        <translation>没有注意力展开：%1。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Layer %1 could not be computed</source>
        <translation>第 %1 层无法计算</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>layer %1, head %2</source>
        <translation>第 %1 层，第 %2 个头</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer %1, mean over heads</source>
        <translation>第 %1 层，各头平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>layer %1, maximum over heads</source>
        <translation>第 %1 层，各头最大值</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+37"/>
        <source>masked</source>
        <translation>已遮蔽</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>%1: query %2 → key %3: %4; click to open this head</source>
        <translation>%1：查询 %2 → 键 %3：%4；点击打开这个头</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: queries %2 … %3 → keys %4 … %5: largest weight %6; click to open this head</source>
        <translation>%1：查询 %2 … %3 → 键 %4 … %5：最大权重 %6；点击打开这个头</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 (each cell the largest weight of its block)</source>
        <translation>%1（每格是其块中最大的权重）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>query \ key</source>
        <translation>查询 \ 键</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 … %2</source>
        <translation>%1 … %2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Layer %1: mean over heads</source>
        <translation>第 %1 层：各头的平均</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Attention rollout</source>
        <translation>注意力 rollout</translation>
    </message>
    <message>
        <location filename="../ui/views/interventions/keyinvariants.cpp" line="+20"/>
        <source>a causal or window mask depends on key positions</source>
        <translation>因果掩码或窗口掩码取决于键的位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>an explicit visibility mask names keys by column</source>
        <translation>显式的可见性掩码按列指定键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the keys have explicit positions</source>
        <translation>这些键有显式的位置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>RoPE or ALiBi depends on key positions</source>
        <translation>RoPE 或 ALiBi 取决于键的位置</translation>
    </message>
</context>
<context>
    <name>attn::ui::AccessActions</name>
    <message>
        <location filename="../ui/shell/accessnames.cpp" line="+91"/>
        <source>View → Show as table (Ctrl+T) gives its numbers</source>
        <translation>视图 → 以表格显示（Ctrl+T）可给出其数值</translation>
    </message>
</context>
<context>
    <name>attn::ui::AutosaveStore</name>
    <message>
        <location filename="../ui/workspace/autosavestore.cpp" line="-80"/>
        <source>it cannot be created</source>
        <translation>无法创建它</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it is a symbolic link</source>
        <translation>它是一个符号链接</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it belongs to another user</source>
        <translation>它属于另一个用户</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>it cannot be made private</source>
        <translation>无法将它设为私有</translation>
    </message>
</context>
<context>
    <name>attn::ui::CellGrid</name>
    <message>
        <location filename="../ui/base/cellgrid.cpp" line="+15"/>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1 %2, %3 %4</source>
        <extracomment>A heatmap cell read aloud: &quot;query she, key Xiaohong&quot;</extracomment>
        <translation>%1 %2，%3 %4</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>, %1 %2</source>
        <translation>，%1 %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, masked</source>
        <translation>，已屏蔽</translation>
    </message>
    <message>
        <location filename="../ui/base/figuretable.cpp" line="+40"/>
        <source>%1 \ %2</source>
        <extracomment>The corner of a weights table: rows are queries, columns keys</extracomment>
        <translation>%1 \ %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source> (masked)</source>
        <translation>（已屏蔽）</translation>
    </message>
    <message>
        <location filename="../ui/base/gridaccessible.cpp" line="+42"/>
        <source>masked: this key is not visible to this query</source>
        <translation>已屏蔽：此查询看不到这个键</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>%1 rows (queries) × %2 columns (keys); arrow keys move between cells</source>
        <translation>%1 行（查询）× %2 列（键）；方向键在单元格之间移动</translation>
    </message>
</context>
<context>
    <name>attn::ui::FigureTable</name>
    <message>
        <location filename="../ui/plots/plottables.cpp" line="+35"/>
        <location line="+21"/>
        <source>x</source>
        <translation>x</translation>
    </message>
    <message>
        <location line="-20"/>
        <location line="+18"/>
        <source>y</source>
        <translation>y</translation>
    </message>
</context>
<context>
    <name>attn::ui::ModelView</name>
    <message>
        <location filename="../ui/views/model/modelsummary.cpp" line="+76"/>
        <source>a layer could not be computed</source>
        <translation>有一层无法计算</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>rollout needs self-attention (as many queries as keys)</source>
        <translation>注意力展开需要自注意力（查询与键一样多）</translation>
    </message>
</context>
<context>
    <name>attn::ui::QkvEditorView</name>
    <message>
        <location filename="../ui/views/qkv/editortext.cpp" line="+16"/>
        <source>&lt;b&gt;Q&lt;/b&gt; — queries: what each token looks for &amp;nbsp; &lt;span style=&apos;color:#555&apos;&gt;n_q × %1 = %2 × %3&lt;/span&gt;</source>
        <translation>&lt;b&gt;Q&lt;/b&gt; — 查询：每个词在寻找什么 &amp;nbsp; &lt;span style=&apos;color:#555&apos;&gt;n_q × %1 = %2 × %3&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;K&lt;/b&gt; — keys: what each token offers to be matched (how much to take) &amp;nbsp; &lt;span style=&apos;color:#555&apos;&gt;n_k × %1 = %2 × %3&lt;/span&gt;</source>
        <translation>&lt;b&gt;K&lt;/b&gt; — 键：每个词拿出来供匹配的内容（决定取多少） &amp;nbsp; &lt;span style=&apos;color:#555&apos;&gt;n_k × %1 = %2 × %3&lt;/span&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;V&lt;/b&gt; — values: what each token hands over (what to take) &amp;nbsp; &lt;span style=&apos;color:#555&apos;&gt;n_k × %1 = %2 × %3&lt;/span&gt;</source>
        <translation>&lt;b&gt;V&lt;/b&gt; — 值：每个词交出的内容（取什么） &amp;nbsp; &lt;span style=&apos;color:#555&apos;&gt;n_k × %1 = %2 × %3&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>attn::ui::Workspace</name>
    <message>
        <location filename="../ui/workspace/workspacefile.cpp" line="+45"/>
        <source>“%1” must be a whole number from 0 to %2, got %3.</source>
        <translation>“%1”必须是 0 到 %2 之间的整数，实际为 %3。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>“%1” must be a string, got %2.</source>
        <translation>“%1”必须是字符串，实际为 %2。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Unknown key “%1”%2; allowed: %3.</source>
        <translation>未知的键“%1”%2；允许的键：%3。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> in “%1”</source>
        <translation>（在“%1”中）</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+102"/>
        <source>“%1” must be an object, got %2.</source>
        <translation>“%1”必须是对象，实际为 %2。</translation>
    </message>
    <message>
        <location line="-53"/>
        <source>This is not an Attention Lab workspace (“format” is %1, expected “%2”).</source>
        <translation>这不是注意力实验室的工作区（“format”为 %1，应为“%2”）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>“version” must be a whole number ≥ 1, got %1.</source>
        <translation>“version”必须是 ≥ 1 的整数，实际为 %1。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The workspace was written by a newer Attention Lab (version %1); this one reads version %2. Update Attention Lab to open it.</source>
        <translation>该工作区由较新版本的注意力实验室写入（版本 %1）；本程序读取版本 %2。请更新注意力实验室后再打开。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>scenario: %1</source>
        <translation>场景：%1</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>“lesson.id” must name a lesson.</source>
        <translation>“lesson.id”必须指明一门课程。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>“lesson.predictions” must be an array, got %1.</source>
        <translation>“lesson.predictions”必须是数组，实际为 %1。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>“%1.step” is missing.</source>
        <translation>缺少“%1.step”。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is a second prediction for step %2.</source>
        <translation>“%1”是步骤 %2 的第二个预测。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>“%1”: %2.</source>
        <translation>“%1”：%2。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Unknown view “%1”; known views: %2.</source>
        <translation>未知的视图“%1”；已知的视图：%2。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>“selected_query” is %1, but the scenario has %2 queries.</source>
        <translation>“selected_query”为 %1，但场景只有 %2 个查询。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>“selected_head” is %1, but the scenario has %2 query heads.</source>
        <translation>“selected_head”为 %1，但场景只有 %2 个查询头。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>“display.color_map” must be “viridis” or “cividis”, got “%1”.</source>
        <translation>“display.color_map”必须是“viridis”或“cividis”，实际为“%1”。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>“display.decimals” must be from 1 to 6, got %1.</source>
        <translation>“display.decimals”必须在 1 到 6 之间，实际为 %1。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“views.%1” must be an object, got %2.</source>
        <translation>“views.%1”必须是对象，实际为 %2。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 is %2, not a workspace file.</source>
        <translation>%1 是%2，不是工作区文件。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cannot read %1: %2.</source>
        <translation>无法读取 %1：%2。</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>%1 is larger than 64 MiB, the most a workspace file may be.</source>
        <translation>%1 大于 64 MiB，超出了工作区文件的上限。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: %2.</source>
        <translation>%1：%2。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 does not hold a JSON object.</source>
        <translation>%1 不包含 JSON 对象。</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+7"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Cannot save %1: %2. The previous file, if any, is unchanged.</source>
        <translation>无法保存 %1：%2。原有文件（如有）保持不变。</translation>
    </message>
</context>
<context>
    <name>attn::ui::saveFileAtomically</name>
    <message>
        <location filename="../ui/base/savefile.cpp" line="+17"/>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
</context>
</TS>
