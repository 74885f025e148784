//! The Python binding of [`crate::env`]: `qwirkle_native._native.SoloBatch`, which writes straight
//! into NumPy arrays the Python face (`qwirkle.adapters.vector`) owns.

use std::collections::HashMap;

use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use crate::actions::ActionLayout;
use crate::env::{Batch, Config, Layout};
use crate::py::{bot_kind, rules_of, RulesTuple};

/// A writable C-contiguous buffer of `len` items.
fn buffer<T: Element>(obj: &Bound<'_, PyAny>, len: usize, what: &str) -> PyResult<PyBuffer<T>> {
    let buf = PyBuffer::<T>::get(obj)?;
    if buf.readonly() || !buf.is_c_contiguous() || buf.item_count() != len {
        return Err(PyValueError::new_err(format!(
            "{what} must be a writable C-contiguous array of {len} items"
        )));
    }
    Ok(buf)
}

/// Row `row` of `width` items of the buffer at `base`, checked by [`buffer`].
///
/// # Safety
/// `row` is below the buffer's row count, the buffer outlives the slice, and no other slice of
/// that row is alive.
unsafe fn row<'a, T>(base: *mut T, row: usize, width: usize) -> &'a mut [T] {
    std::slice::from_raw_parts_mut(base.add(row * width), width)
}

fn base<T: Element>(buf: &PyBuffer<T>) -> *mut T {
    buf.buf_ptr().cast()
}

fn failed(message: String) -> PyErr {
    PyRuntimeError::new_err(message)
}

#[pyclass(module = "qwirkle_native._native", name = "SoloBatch")]
pub(crate) struct PySoloBatch {
    batch: Batch,
    obs: PyBuffer<f32>,
    mask: PyBuffer<i8>,
    rewards: PyBuffer<f64>,
    terminated: PyBuffer<u8>,
    truncated: PyBuffer<u8>,
    illegal: PyBuffer<u8>,
}

fn entry(layout: &HashMap<String, usize>, name: &str) -> PyResult<usize> {
    layout
        .get(name)
        .copied()
        .ok_or_else(|| PyValueError::new_err(format!("the layout lacks {name:?}")))
}

#[pymethods]
impl PySoloBatch {
    /// `count` games of the agent at `seat` against `bots` (one per seat, `None` for the agent's),
    /// numbered as `layout` says; their results go into the arrays given, one row per game.
    #[new]
    #[pyo3(signature = (count, seat, bots, max_turns, rules, illegal_reward, layout, score_scale, observations, masks, rewards, terminated, truncated, illegal))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        count: usize,
        seat: usize,
        bots: Vec<Option<String>>,
        max_turns: usize,
        rules: RulesTuple,
        illegal_reward: f64,
        layout: HashMap<String, usize>,
        score_scale: f64,
        observations: &Bound<'_, PyAny>,
        masks: &Bound<'_, PyAny>,
        rewards: &Bound<'_, PyAny>,
        terminated: &Bound<'_, PyAny>,
        truncated: &Bound<'_, PyAny>,
        illegal: &Bound<'_, PyAny>,
    ) -> PyResult<PySoloBatch> {
        let get = |name: &str| entry(&layout, name);
        let layout = Layout {
            actions: ActionLayout {
                hand_size: get("hand_size")?,
                window: get("window")?,
                end: get("end")?,
                pass: get("pass")?,
                size: get("actions")?,
            },
            colour_plane: get("colour_plane")?,
            shape_plane: get("shape_plane")?,
            occupied_plane: get("occupied_plane")?,
            placed_plane: get("placed_plane")?,
            open_plane: get("open_plane")?,
            planes: get("planes")?,
            hand: get("hand")?,
            unseen: get("unseen")?,
            scores: get("scores")?,
            seats: get("seats")?,
            bag: get("bag")?,
            size: get("size")?,
            score_scale,
            tile_count: get("tile_count")?,
        };
        let bots = bots
            .iter()
            .map(|b| b.as_deref().map(bot_kind).transpose())
            .collect::<PyResult<Vec<_>>>()?;
        let config = Config {
            seat,
            bots,
            max_turns,
            rules: rules_of(rules)?,
            illegal_reward,
        };
        let (size, actions) = (layout.size, layout.actions.size);
        let batch = Batch::new(config, layout, count).map_err(PyValueError::new_err)?;
        Ok(PySoloBatch {
            batch,
            obs: buffer(observations, count * size, "observations")?,
            mask: buffer(masks, count * actions, "masks")?,
            rewards: buffer(rewards, count, "rewards")?,
            terminated: buffer(terminated, count, "terminated")?,
            truncated: buffer(truncated, count, "truncated")?,
            illegal: buffer(illegal, count, "illegal")?,
        })
    }

    /// Seed game `i`'s deals as `random.Random(seed)` seeds `QwirkleSoloEnv`'s.
    fn seed(&mut self, i: usize, seed: i128) -> PyResult<()> {
        self.index(i)?;
        self.batch.seed(i, seed);
        Ok(())
    }

    /// Deal game `i` a new game and write its rows.
    fn reset(&mut self, i: usize) -> PyResult<()> {
        self.index(i)?;
        let (size, actions) = (self.batch.layout().size, self.batch.layout().actions.size);
        // SAFETY: `i` is a row of both arrays, and these are the only slices of them alive.
        let (obs, mask) = unsafe {
            (
                row(base(&self.obs), i, size),
                row(base(&self.mask), i, actions),
            )
        };
        self.batch.reset(i, obs, mask).map_err(failed)
    }

    /// The first game that would refuse its action, if any.
    fn first_refusal(&self, actions: PyBuffer<i64>) -> PyResult<Option<usize>> {
        let actions = self.actions(&actions)?;
        Ok((0..actions.len()).find(|&i| !self.batch.accepts(i, actions[i])))
    }

    /// Step every game with its action, writing the rows, rewards and flags.
    fn step(&mut self, actions: PyBuffer<i64>) -> PyResult<()> {
        let actions = self.actions(&actions)?;
        let (size, width) = (self.batch.layout().size, self.batch.layout().actions.size);
        for (i, &action) in actions.iter().enumerate() {
            // SAFETY: `i` is a row of every array (their lengths were checked), one slice each at a time.
            let (obs, mask) = unsafe {
                (
                    row(base(&self.obs), i, size),
                    row(base(&self.mask), i, width),
                )
            };
            let stepped = self.batch.step(i, action, obs, mask).map_err(failed)?;
            unsafe {
                row(base(&self.rewards), i, 1)[0] = stepped.reward;
                row(base(&self.terminated), i, 1)[0] = u8::from(stepped.terminated);
                row(base(&self.truncated), i, 1)[0] = u8::from(stepped.truncated);
                row(base(&self.illegal), i, 1)[0] = u8::from(stepped.illegal);
            }
        }
        Ok(())
    }
}

impl PySoloBatch {
    fn index(&self, i: usize) -> PyResult<()> {
        if i >= self.batch.len() {
            return Err(PyValueError::new_err(format!("no game {i}")));
        }
        Ok(())
    }

    fn actions(&self, actions: &PyBuffer<i64>) -> PyResult<Vec<i64>> {
        if actions.item_count() != self.batch.len() || !actions.is_c_contiguous() {
            return Err(PyValueError::new_err(format!(
                "one action per game: {} int64 values",
                self.batch.len()
            )));
        }
        // SAFETY: the buffer holds `len` contiguous int64 values, read while the GIL is held.
        let values = unsafe {
            std::slice::from_raw_parts(actions.buf_ptr() as *const i64, self.batch.len())
        };
        Ok(values.to_vec())
    }
}
